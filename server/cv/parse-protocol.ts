/** Messages between the server (cv-parser.ts) and its parse worker (parse-worker.ts). */
import type { CvProfile } from './parse-cv';
import type { CvParseErrorCode } from './parse-errors';
import type { ParseLimits } from './parse-limits';

export interface ParseRequest {
  id: number;
  /** A copy of the file, transferred to the worker. */
  bytes: Uint8Array;
  /** Epoch ms: "now" for years of experience, as the server sees it. */
  now: number;
  limits: ParseLimits;
}

export type ParseReply =
  | { id: number; ok: true; profile: CvProfile }
  | { id: number; ok: false; code: CvParseErrorCode; detail?: string };

/** Sent once when the worker has loaded pdf.js and listens. */
export interface WorkerReady {
  ready: true;
}
