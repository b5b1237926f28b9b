/**
 * The first screen of the listing opened last, kept in localStorage (issue 24: a repeat visit on
 * a slow phone). The device's copy of a listing lives in IndexedDB, but reading it on a new page
 * load costs the database code (~30 KB to evaluate) and opening the database on disk: 0.4–0.6 s
 * after the page is drawn on a slow phone, often slower than the network's answer. localStorage
 * is read synchronously (the session mirror has already loaded it), so the cards the visitor saw
 * last time are there on the first render, marked with their age like any saved copy, until the
 * device's copy or the network's answer replaces them.
 *
 * One entry per kind of listing (jobs, companies): the key of the listing (its filters, with the
 * profile's defaults) and its first page, without the job descriptions the cards do not show
 * (~1 KB a job). Signing out clears localStorage, and this with it (amplify-session.ts).
 */
const STORE_PREFIX = 'referralhub.first-screen.';
/** Bump when the stored rows' shape changes: an older entry is then ignored. */
const VERSION = 1;

export interface FirstScreen<Row> {
  readonly rows: readonly Row[];
  /** When the page was fetched (ms since epoch), for the "saved N minutes ago" note. */
  readonly at: number;
}

interface Stored<Row> extends FirstScreen<Row> {
  readonly v: number;
  readonly key: string;
}

export type FirstScreenKind = 'jobs' | 'companies';

/** Long fields the cards do not show. */
const LEFT_OUT: Record<FirstScreenKind, readonly string[]> = {
  jobs: ['jobDescription'],
  companies: [],
};

/** Keeps the first page of listing `key` as the one to show first next time. */
export function keepFirstScreen<Row extends object>(
  kind: FirstScreenKind,
  key: string,
  rows: readonly Row[],
  at = Date.now(),
): void {
  const stored: Stored<Row> = {
    v: VERSION,
    key,
    at,
    rows: rows.map(
      (row) =>
        Object.fromEntries(
          Object.entries(row).filter(([field]) => !LEFT_OUT[kind].includes(field)),
        ) as Row,
    ),
  };
  try {
    window.localStorage.setItem(STORE_PREFIX + kind, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the next load reads the device's copy, as before.
  }
}

/**
 * The kept first page of listing `key`, or null when the last one kept was another listing. The
 * rows are as this app stored them (from a page its contract had parsed).
 */
export function firstScreenOf<Row>(kind: FirstScreenKind, key: string): FirstScreen<Row> | null {
  try {
    const text = window.localStorage.getItem(STORE_PREFIX + kind);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<Stored<Row>>;
    if (stored.v !== VERSION || stored.key !== key || !Array.isArray(stored.rows)) return null;
    if (typeof stored.at !== 'number' || stored.rows.length === 0) return null;
    return { rows: stored.rows, at: stored.at };
  } catch {
    return null;
  }
}
