/**
 * `npm run bench:cv`: how well and how fast the CV parser reads CVs.
 *
 * 1. Accuracy (issue 22 "Done when"): every CV of the corpus (tests/fixtures/cv-corpus, people
 *    written by hand, rendered through varied templates) is parsed and compared with its truth:
 *    designation (same words, case and punctuation aside), years of experience within 0.5 y,
 *    skills F1 (over all CVs' skills), current CTC within 0.1 lakh (and no CTC where none is
 *    stated), city. `--failures` lists each miss.
 * 2. Time per document (issue #3: "plus CV parse time per document"): the fixtures of the CV
 *    tests, each parsed RUNS times after a warm-up (the first parse loads pdf.js), median and
 *    p95, with the failure a document ends in for the unreadable kinds; plus the median and
 *    worst parse time over the corpus.
 *
 * `benchCvParse()` returns the time figures so bench:api can print them in its report too.
 */
import { fileURLToPath } from 'node:url';
import { skillKey } from '../src/domain/skills';
import { parseCv, type CvProfile } from '../server/cv/parse-cv';
import { CvParseFailure } from '../server/cv/parse-errors';
import { corpus, CORPUS_NOW } from '../tests/fixtures/cv-corpus';
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

// --- Accuracy on the corpus -------------------------------------------------------------------

const sameWords = (a: string | null, b: string | null) =>
  (a ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9&+#]+/g, ' ')
    .trim() ===
  (b ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9&+#]+/g, ' ')
    .trim();

export interface CorpusScore {
  documents: number;
  designation: number;
  yoe: number;
  skillsF1: number;
  skillsPrecision: number;
  skillsRecall: number;
  ctc: number;
  city: number;
  medianMs: number;
  worstMs: number;
  failures: string[];
}

export async function scoreCorpus(group: 'all' | 'first' | 'later' = 'all'): Promise<CorpusScore> {
  const cvs = corpus(group);
  let designation = 0;
  let yoe = 0;
  let ctc = 0;
  let city = 0;
  let truePositives = 0;
  let found = 0;
  let expected = 0;
  const times: number[] = [];
  const failures: string[] = [];
  await parseCv(await cvs[0]!.pdf(), CORPUS_NOW); // warm-up
  for (const cv of cvs) {
    const bytes = await cv.pdf();
    const started = performance.now();
    let profile: CvProfile;
    try {
      profile = await parseCv(bytes, CORPUS_NOW);
    } catch (error) {
      failures.push(`${cv.id}: parse failed (${String(error)})`);
      continue;
    } finally {
      times.push(performance.now() - started);
    }
    const miss = (field: string, got: unknown, want: unknown) =>
      failures.push(
        `${cv.id.padEnd(24)} ${field.padEnd(11)} got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
      );
    const t = cv.truth;
    if (sameWords(profile.designation, t.designation)) designation++;
    else miss('designation', profile.designation, t.designation);
    if (profile.yoe !== null && Math.abs(profile.yoe - t.yoe) <= 0.5) yoe++;
    else miss('yoe', profile.yoe, t.yoe);
    if (
      t.ctc === null
        ? profile.ctc === null
        : profile.ctc !== null && Math.abs(profile.ctc - t.ctc) <= 0.1
    )
      ctc++;
    else miss('ctc', profile.ctc, t.ctc);
    if (sameWords(profile.location, t.city)) city++;
    else miss('city', profile.location, t.city);
    const got = new Map(
      [...profile.coreSkills, ...profile.technicalSkills, ...profile.softSkills].map((s) => [
        skillKey(s),
        s,
      ]),
    );
    const want = new Map(t.skills.map((s) => [skillKey(s), s]));
    const hits = [...got.keys()].filter((k) => want.has(k)).length;
    truePositives += hits;
    found += got.size;
    expected += want.size;
    const extra = [...got].filter(([k]) => !want.has(k)).map(([, s]) => s);
    const missing = [...want].filter(([k]) => !got.has(k)).map(([, s]) => s);
    if (extra.length || missing.length)
      miss('skills', `+${extra.join(', ')}`, `-${missing.join(', ')}`);
  }
  times.sort((a, b) => a - b);
  const precision = found ? truePositives / found : 0;
  const recall = expected ? truePositives / expected : 0;
  const n = cvs.length;
  return {
    documents: n,
    designation: designation / n,
    yoe: yoe / n,
    skillsF1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    skillsPrecision: precision,
    skillsRecall: recall,
    ctc: ctc / n,
    city: city / n,
    medianMs: percentile(times, 50),
    worstMs: times.at(-1) ?? NaN,
    failures,
  };
}

export function formatCorpusScore(s: CorpusScore): string {
  const pct = (x: number) => `${(x * 100).toFixed(0).padStart(4)} %`;
  return [
    `CV corpus accuracy (${s.documents} CVs, tests/fixtures/cv-corpus):`,
    `  Current designation          ${pct(s.designation)}   (target >= 95 %)`,
    `  Years of experience +-0.5 y  ${pct(s.yoe)}   (target >= 90 %)`,
    `  Skills F1                    ${s.skillsF1.toFixed(2).padStart(6)}   (precision ${s.skillsPrecision.toFixed(2)}, recall ${s.skillsRecall.toFixed(2)}; target >= 0.90)`,
    `  Current CTC +-0.1 lakh       ${pct(s.ctc)}   (target >= 95 %, none invented)`,
    `  City                         ${pct(s.city)}   (target >= 90 %)`,
    `  Parse time                   median ${s.medianMs.toFixed(1)} ms, worst ${s.worstMs.toFixed(1)} ms`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const group = process.argv.includes('--later')
    ? 'later'
    : process.argv.includes('--first')
      ? 'first'
      : 'all';
  const score = await scoreCorpus(group);
  process.stdout.write(`${formatCorpusScore(score)}\n`);
  if (process.argv.includes('--failures')) process.stdout.write(`${score.failures.join('\n')}\n`);
  if (!process.argv.includes('--accuracy-only')) {
    process.stdout.write(`\n${formatCvTimings(await benchCvParse())}\n`);
  }
}
