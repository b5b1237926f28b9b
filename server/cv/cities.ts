/**
 * Indian cities a CV's location is matched against, with the spellings people still write
 * ("Bangalore", "Gurgaon"). Canonical names are the ones the seeded jobs use
 * (server/seed/catalog.ts), so a parsed location lines up with the job location filter.
 */
const CITY_ROWS: readonly (readonly [string, ...string[]])[] = [
  ['Bengaluru', 'Bangalore', 'Bengalore'],
  ['Hyderabad', 'Secunderabad'],
  ['Pune'],
  ['Mumbai', 'Bombay', 'Navi Mumbai', 'Thane'],
  ['Chennai', 'Madras'],
  ['Gurugram', 'Gurgaon'],
  ['Noida', 'Greater Noida'],
  ['New Delhi', 'Delhi', 'Delhi NCR', 'NCR'],
  ['Kolkata', 'Calcutta'],
  ['Ahmedabad'],
  ['Kochi', 'Cochin', 'Ernakulam'],
  ['Jaipur'],
  ['Indore'],
  ['Coimbatore'],
  ['Chandigarh', 'Mohali'],
  ['Thiruvananthapuram', 'Trivandrum'],
  ['Bhubaneswar'],
  ['Nagpur'],
  ['Lucknow'],
  ['Visakhapatnam', 'Vizag'],
  ['Mysuru', 'Mysore'],
  ['Vadodara', 'Baroda'],
  ['Surat'],
];

// Longest spelling first, so "Navi Mumbai" and "Delhi NCR" win over their shorter parts.
const SPELLINGS = CITY_ROWS.flatMap(([city, ...aliases]) =>
  [city, ...aliases].map((spelling) => ({ city, spelling })),
).sort((a, b) => b.spelling.length - a.spelling.length);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CITY_PATTERN = new RegExp(
  `\\b(${SPELLINGS.map((s) => escape(s.spelling)).join('|')})\\b`,
  'i',
);

/** The canonical city first named in the text, or undefined. */
export function findCity(text: string): string | undefined {
  const match = CITY_PATTERN.exec(text);
  if (!match?.[1]) return undefined;
  const spelling = match[1].toLowerCase();
  return SPELLINGS.find((s) => s.spelling.toLowerCase() === spelling)?.city;
}
