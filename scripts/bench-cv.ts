/**
 * `npm run bench:cv`: CV parse time per document (issue #3 "Done when": "plus CV parse time per
 * document"), over the generated fixtures of the CV tests. Each document is parsed RUNS times
 * after a warm-up (the first parse loads pdf.js), and the median and p95 are printed, with the
 * failure a document ends in for the unreadable kinds.
 *
 * `benchCvParse()` returns the figures so bench:api can print them in its report too.
 */
import { fileURLToPath } from 'node:url';
import { parseCv } from '../server/cv/parse-cv';
import { CvParseFailure } from '../server/cv/parse-errors';
import {
  corruptPdf,
  garbledCv,
  longCv,
  scannedCv,
  textCv,
  twoColumnCv,
} from '../tests/server/support/cv-pdfs';

const RUNS = Number(process.env.BENCH_CV_RUNS ?? 25);

export interface CvParseTiming {
  document: string;
  bytes: number;
  outcome: string;
  medianMs: number;
  p95Ms: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

async function outcomeOf(bytes: Buffer): Promise<string> {
  try {
    await parseCv(bytes);
    return 'extracted';
  } catch (error) {
    if (error instanceof CvParseFailure) return error.code;
    throw error;
  }
}

export async function benchCvParse(runs = RUNS): Promise<CvParseTiming[]> {
  const documents: [string, Buffer][] = [
    ['one-column text CV', await textCv()],
    ['three-page CV', await longCv(2)],
    ['two-column CV', await twoColumnCv()],
    ['scanned (2 image pages)', await scannedCv()],
    ['broken fonts', await garbledCv()],
    ['corrupt PDF', corruptPdf()],
  ];
  await outcomeOf(documents[0]![1]); // warm-up: loads and compiles pdf.js
  const results: CvParseTiming[] = [];
  for (const [document, bytes] of documents) {
    const times: number[] = [];
    let outcome = '';
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      outcome = await outcomeOf(bytes);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({
      document,
      bytes: bytes.length,
      outcome,
      medianMs: percentile(times, 50),
      p95Ms: percentile(times, 95),
    });
  }
  return results;
}

export function formatCvTimings(results: CvParseTiming[]): string {
  const rows = results.map(
    (r) =>
      `  ${r.document.padEnd(26)} ${String(r.bytes).padStart(7)} B  ${r.outcome.padEnd(9)}  median ${r.medianMs.toFixed(1).padStart(6)} ms  p95 ${r.p95Ms.toFixed(1).padStart(6)} ms`,
  );
  return [`CV parse time per document (${RUNS} runs each):`, ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${formatCvTimings(await benchCvParse())}\n`);
}
