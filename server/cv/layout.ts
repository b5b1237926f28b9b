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
  let best: { start: number; end: number } | undefined;
  let runStart: number | undefined;
  for (let b = from; b <= to + 1; b++) {
    const lo = b * step;
    const crossing =
      b > to ? Infinity : items.filter((i) => i.x < lo + step && i.x + i.width > lo).length;
    if (crossing <= allowed) {
      runStart ??= b;
    } else if (runStart !== undefined) {
      if (!best || b - runStart > best.end - best.start) best = { start: runStart, end: b };
      runStart = undefined;
    }
  }
  if (!best || (best.end - best.start) * step < GUTTER_MIN_WIDTH) return undefined;
  const cut = ((best.start + best.end) / 2) * step;
  const left = items.filter((i) => i.x < cut);
  const right = items.filter((i) => i.x >= cut);
  if (left.length < items.length * 0.15 || right.length < items.length * 0.15) return undefined;
  const sharesBaseline = (r: TextItem) =>
    left.some((l) => Math.abs(l.y - r.y) < Math.max(2, r.size * SAME_LINE));
  const aligned = right.filter(sharesBaseline).length;
  return aligned / right.length > 0.6 ? undefined : cut;
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

/** The page's lines in reading order: left column, then right column when there are two. */
export function layoutPage(items: TextItem[], pageWidth: number): Line[] {
  const visible = items.filter((i) => i.text.trim() !== '');
  const cut = gutterX(visible, pageWidth);
  if (cut === undefined) return linesOf(visible);
  return [
    ...linesOf(visible.filter((i) => i.x < cut)),
    ...linesOf(visible.filter((i) => i.x >= cut)),
  ];
}
