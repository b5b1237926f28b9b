/**
 * Generated logos for the seeded companies (issue 26 item 10): a geometric mark in a two-colour
 * palette, picked from the company's id, so every demo company has a distinct, real-looking logo
 * instead of its initials (the app keeps initials as the fallback of spec §2 when an image fails).
 * The same id always gives the same logo, so caches (the service worker's image cache, HTTP
 * caches) stay valid across restarts.
 */

/** Colour pairs: a main colour and an accent that reads on it and on white. */
const PALETTES: readonly (readonly [string, string])[] = [
  ['#1c5bd6', '#38bdf8'],
  ['#0b7285', '#63e6be'],
  ['#2b8a3e', '#a9e34b'],
  ['#c2255c', '#ff922b'],
  ['#e8590c', '#ffd43b'],
  ['#5f3dc4', '#f783ac'],
  ['#1864ab', '#ffa94d'],
  ['#862e9c', '#74c0fc'],
  ['#212529', '#fab005'],
  ['#087f5b', '#4dabf7'],
];

/** A mark drawn in a 64×64 box, given the main colour and the accent. */
type Mark = (main: string, accent: string) => string;

const MARKS: readonly Mark[] = [
  // Hexagon with a core.
  (m, a) =>
    `<path d="M32 10l19 11v22L32 54 13 43V21z" fill="none" stroke="${m}" stroke-width="6" stroke-linejoin="round"/><circle cx="32" cy="32" r="7" fill="${a}"/>`,
  // Two overlapping rings.
  (m, a) =>
    `<circle cx="25" cy="32" r="13" fill="none" stroke="${m}" stroke-width="6"/><circle cx="39" cy="32" r="13" fill="none" stroke="${a}" stroke-width="6" opacity=".9"/>`,
  // Stacked chevrons.
  (m, a) =>
    `<path d="M16 22l16 12 16-12" fill="none" stroke="${m}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/><path d="M16 36l16 12 16-12" fill="none" stroke="${a}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
  // Leaf.
  (m, a) =>
    `<path d="M14 50C14 26 28 14 50 14c0 24-12 36-36 36z" fill="${m}"/><path d="M18 46L40 24" stroke="${a}" stroke-width="4" stroke-linecap="round"/>`,
  // Rising bars.
  (m, a) =>
    `<rect x="13" y="34" width="10" height="18" rx="3" fill="${a}"/><rect x="27" y="24" width="10" height="28" rx="3" fill="${m}"/><rect x="41" y="12" width="10" height="40" rx="3" fill="${m}"/>`,
  // Pinwheel of quarter circles.
  (m, a) =>
    `<path d="M32 32V12a20 20 0 0 1 20 20z" fill="${m}"/><path d="M32 32h20a20 20 0 0 1-20 20z" fill="${a}"/><path d="M32 32v20a20 20 0 0 1-20-20z" fill="${m}"/><path d="M32 32H12a20 20 0 0 1 20-20z" fill="${a}"/>`,
  // Four-point spark.
  (m, a) =>
    `<path d="M32 8c3 15 9 21 24 24-15 3-21 9-24 24-3-15-9-21-24-24 15-3 21-9 24-24z" fill="${m}"/><circle cx="48" cy="16" r="5" fill="${a}"/>`,
  // Diamond grid.
  (m, a) =>
    `<g transform="rotate(45 32 32)"><rect x="17" y="17" width="13" height="13" rx="2" fill="${m}"/><rect x="34" y="17" width="13" height="13" rx="2" fill="${a}"/><rect x="17" y="34" width="13" height="13" rx="2" fill="${a}"/><rect x="34" y="34" width="13" height="13" rx="2" fill="${m}"/></g>`,
  // Wave in a circle.
  (m, a) =>
    `<circle cx="32" cy="32" r="21" fill="${m}"/><path d="M11 34c7-6 14-6 21 0s14 6 21 0v2a21 21 0 0 1-42 0z" fill="${a}"/>`,
  // Split triangle.
  (m, a) => `<path d="M32 10l22 40H10z" fill="${m}"/><path d="M32 30l11 20H21z" fill="${a}"/>`,
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a stable spread of ids over the marks and palettes. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The logo's parts for `id`, exported for tests: which mark, palette and background. */
export function logoDesign(id: string) {
  const hash = hashOf(id);
  return {
    mark: hash % MARKS.length,
    palette: Math.floor(hash / MARKS.length) % PALETTES.length,
    // About a third of the logos are a white mark on the main colour, the rest a coloured mark
    // on white, as real logos mix both.
    filled: Math.floor(hash / (MARKS.length * PALETTES.length)) % 3 === 0,
  };
}

export function companyLogoSvg(name: string, id: string): string {
  const design = logoDesign(id);
  const [main, accent] = PALETTES[design.palette] ?? PALETTES[0]!;
  const draw = MARKS[design.mark] ?? MARKS[0]!;
  const background = design.filled
    ? `<rect width="64" height="64" rx="14" fill="${main}"/>`
    : `<rect x=".5" y=".5" width="63" height="63" rx="13.5" fill="#fff" stroke="#dee2e6"/>`;
  const mark = design.filled ? draw('#fff', accent) : draw(main, accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(name)}">${background}${mark}</svg>`;
}
