/** A generated logo for seeded companies: the initials on a colour derived from the id. */
const palette = [
  '#1c5bd6',
  '#0b7285',
  '#2b8a3e',
  '#c2255c',
  '#e8590c',
  '#5f3dc4',
  '#1864ab',
  '#862e9c',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function companyLogoSvg(name: string, id: string): string {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const colour = palette[hash % palette.length] ?? palette[0];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(name)}"><rect width="64" height="64" rx="12" fill="${colour}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}
