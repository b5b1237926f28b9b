/**
 * Positioned text items of one PDF page → lines in reading order.
 *
 * - Two-column pages (a sidebar next to the main column) are read column by column: a vertical
 *   gutter in the middle of the page that almost no text crosses splits them. A right-aligned
 *   date column on a one-column CV also leaves such a gutter, but its items sit on the same
 *   baselines as the titles to their left; real columns do not, so that case stays one column.
 * - A line keeps its parts ("cells") apart where a wide gap separates them, so a title and the
 *   dates at the far right are read separately (stack-notes: score the parts of a line
 *   separately).
 */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface Line {
  cells: string[];
  text: string;
}

const GUTTER_MIN_WIDTH = 12; // points; narrower gaps are word or tab spacing
const SAME_LINE = 0.5; // of the font size: items closer than this in y share a baseline

function gutterX(items: TextItem[], pageWidth: number): number | undefined {
  if (items.length < 8) return undefined;
  const step = 4;
  const from = Math.floor((pageWidth * 0.25) / step);
  const to = Math.ceil((pageWidth * 0.75) / step);
  const allowed = Math.floor(items.length * 0.05); // a centred name or rule may cross it
  // Gaps that almost no text crosses. The one a column starts right after wins (most items
  // beginning at its right edge), then the widest: right-aligned dates of the main column leave
  // a gap too, but nothing starts at one x after it.
  const runs: { start: number; end: number; starters: TextItem[] }[] = [];
  let runStart: number | undefined;
  for (let b = from; b <= to + 1; b++) {
    const lo = b * step;
    const crossing =
      b > to ? Infinity : items.filter((i) => i.x < lo + step && i.x + i.width > lo).length;
    if (crossing <= allowed) {
      runStart ??= b;
    } else if (runStart !== undefined) {
      if ((b - runStart) * step >= GUTTER_MIN_WIDTH) {
        const edge = b * step;
        const starters = items.filter((i) => i.x >= edge - step && i.x <= edge + step * 2);
        runs.push({ start: runStart, end: b, starters });
      }
      runStart = undefined;
    }
  }
  const best = runs.sort(
    (a, b) => b.starters.length - a.starters.length || b.end - b.start - (a.end - a.start),
  )[0];
  if (!best) return undefined;
  const cut =
    best.starters.length >= 3
      ? Math.min(...best.starters.map((i) => i.x)) - 0.5
      : ((best.start + best.end) / 2) * step;
  const left = items.filter((i) => i.x < cut);
  const right = items.filter((i) => i.x >= cut);
  if (left.length < items.length * 0.15 || right.length < items.length * 0.15) return undefined;
  const sharesBaseline = (r: TextItem) =>
    left.some((l) => Math.abs(l.y - r.y) < Math.max(2, r.size * SAME_LINE));
  const aligned = right.filter(sharesBaseline).length;
  if (aligned / right.length <= 0.6) return cut;
  // Most right items share a baseline with the left: a date column (its items end at one right
  // edge) or a sidebar whose rows happen to line up with the main column's (its items start at
  // one left edge, issue 22: row-interleaved sidebars).
  // Dates set at a tab stop on the title's line: a date column, whichever way it is aligned.
  const dated = right.filter((r) => /\b(?:19|20)\d{2}\b|\b(?:present|current|now)\b/i.test(r.text));
  if (dated.length / right.length > 0.4) return undefined;
  const startsAtOneX = share(right.map((r) => r.x));
  const endsAtOneX = share(right.map((r) => r.x + r.width));
  return startsAtOneX > endsAtOneX && startsAtOneX > 0.6 ? cut : undefined;
}

/** The share of the values within 2 pt of the most common one. */
function share(values: number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(Math.round(v / 2), (counts.get(Math.round(v / 2)) ?? 0) + 1);
  let best = 0;
  for (const [bucket, count] of counts) {
    best = Math.max(best, count + (counts.get(bucket - 1) ?? 0) + (counts.get(bucket + 1) ?? 0));
  }
  return values.length ? best / values.length : 0;
}

function linesOf(items: TextItem[]): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: TextItem[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (row && first && Math.abs(first.y - item.y) < Math.max(2, item.size * SAME_LINE)) {
      row.push(item);
    } else {
      rows.push([item]);
    }
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    const cells: string[] = [];
    let current = '';
    let end = -Infinity;
    for (const item of row) {
      const gap = item.x - end;
      if (current && gap > item.size * 1.5) {
        cells.push(current.trim());
        current = item.text;
      } else {
        current += current && gap > item.size * 0.15 ? ` ${item.text}` : item.text;
      }
      end = item.x + item.width;
    }
    if (current.trim()) cells.push(current.trim());
    return { cells, text: cells.join(' | ') };
  });
}

/**
 * The page's lines in reading order: one column, or the column holding the largest text (the
 * name, so the CV's header comes first) then the other.
 */
export function layoutPage(items: TextItem[], pageWidth: number): Line[] {
  const visible = items.filter((i) => i.text.trim() !== '');
  const cut = gutterX(visible, pageWidth);
  if (cut === undefined) return linesOf(visible);
  const left = visible.filter((i) => i.x < cut);
  const right = visible.filter((i) => i.x >= cut);
  const largest = (column: TextItem[]) => Math.max(...column.map((i) => i.size));
  const rightFirst = largest(right) > largest(left) + 0.5;
  return rightFirst ? [...linesOf(right), ...linesOf(left)] : [...linesOf(left), ...linesOf(right)];
}
