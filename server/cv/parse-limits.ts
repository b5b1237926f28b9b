/**
 * How much work one CV may cost (issue 23 item 1). A CV is 1-3 pages, a few thousand words and a
 * few fonts; a 2 MB upload (spec §5) can still hold a stream that inflates to gigabytes of text
 * operators. Each limit is far above what a real CV needs and far below what hurts the server:
 *
 * - bytes: inflated size of the file's Flate streams, counted before pdf.js sees the file
 *   (pdf-budget.ts). Page contents and fonts of a real CV are well under 4 MB; images (which
 *   text extraction never decodes) get a larger allowance of their own.
 * - pages and text items/characters: counted while pdf.js reads (read-pdf.ts).
 * - time and heap: the last line, enforced from outside by the parse worker (cv-parser.ts), for
 *   whatever the counts above miss (LZW streams, chained filters, pathological fonts).
 */
export interface ParseLimits {
  /** Inflated bytes of all non-image Flate streams (page contents, fonts, object streams). */
  maxInflatedBytes: number;
  /** Inflated bytes of image streams, which pdf.js leaves undecoded for text. */
  maxInflatedImageBytes: number;
  /** Pages the document may declare; only the first MAX_PAGES are read (read-pdf.ts). */
  maxDocumentPages: number;
  /** Text items pdf.js may produce over the pages read. */
  maxTextItems: number;
  /** Characters of text over the pages read. */
  maxTextChars: number;
}

const MB = 1024 * 1024;

export const PARSE_LIMITS: ParseLimits = {
  maxInflatedBytes: 24 * MB,
  maxInflatedImageBytes: 128 * MB,
  maxDocumentPages: 100,
  // A dense CV page is under 1,000 items and 6,000 characters; 10 pages are read at most.
  maxTextItems: 30_000,
  maxTextChars: 300_000,
};

/**
 * Wall-clock limit of one parse, worker start-up excluded. A CV parses in 6-40 ms (stack-notes);
 * the client polls for the outcome for about 32 s (spec §9: 4 retries, 8 s apart), so a parse
 * that is stopped must be reported well inside that window.
 */
export const PARSE_TIME_LIMIT_MS = 15_000;

/** Heap of the parse worker: pdf.js reading a 3-page CV uses a few tens of MB. */
export const PARSE_WORKER_HEAP_MB = 256;
