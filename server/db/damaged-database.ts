/**
 * When the embedded database cannot be opened, say so in words with what to do (issue 23 item
 * 9: start-up died with a bare WebAssembly "Aborted()"). The server never moves or deletes a
 * database folder by itself: it cannot read a damaged one, so it cannot know that the folder
 * holds nothing but demo data. It prints the one command that moves the folder aside instead
 * (docs/decisions.md), and says whether the folder started as demo data.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseOpenError extends Error {
  constructor(
    readonly dataDir: string,
    readonly reason: string,
    options: { cause: unknown },
  ) {
    super(
      `The embedded database in ${shown(dataDir)} could not be opened (it may be damaged): ${reason}`,
      options,
    );
    this.name = 'DatabaseOpenError';
  }
}

/** Beside the database files: written when the server fills a new database with demo data. */
const DEMO_MARKER = 'referralhub-demo-data.json';

export function markDemoData(dataDir: string, now = new Date()) {
  writeFileSync(
    path.join(dataDir, DEMO_MARKER),
    `${JSON.stringify({ seededAt: now.toISOString() })}\n`,
  );
}

function demoSeededAt(dataDir: string): string | undefined {
  const file = path.join(dataDir, DEMO_MARKER);
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { seededAt?: string }).seededAt;
  } catch {
    return undefined;
  }
}

/** The path as the user typed it, relative to where they start the server when inside it. */
function shown(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir;
}

const stamp = (now: Date) => now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** What to print when the database cannot be opened: what happened and the command to run. */
export function damagedDatabaseMessage(
  error: DatabaseOpenError,
  { seedsDemoData, now = new Date() }: { seedsDemoData: boolean; now?: Date },
): string {
  const dir = shown(error.dataDir);
  const aside = `${dir}-damaged-${stamp(now)}`;
  const seededAt = demoSeededAt(error.dataDir);
  const contents = seededAt
    ? `It was created with the demo data (${seededAt}): unless you added data of your own since, nothing is lost by starting afresh.`
    : 'It may hold data you created: keep the moved folder until you know you do not need it.';
  const after = seedsDemoData
    ? 'and start again; a new database with the demo data will be created.'
    : 'and start again; a new, empty database will be created.';
  return [
    `${error.message}`,
    contents,
    `Move it aside ${after}`,
    `  mv ${quote(dir)} ${quote(aside)}`,
  ].join('\n');
}

const quote = (text: string) =>
  /^[\w./@:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
