/**
 * Writes the CV corpus (tests/fixtures/cv-corpus) out as files, to look at the PDFs or feed them
 * to another parser: `npx tsx scripts/generate-cv-corpus.ts /tmp/cv-corpus` writes one PDF per
 * CV and truth.json (id, template, designation, years, CTC, city, skills). The repository keeps
 * the people and templates only; the bench and tests make the PDFs in memory.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpus } from '../tests/fixtures/cv-corpus';

const dir = process.argv[2] ?? '/tmp/cv-corpus';
await mkdir(dir, { recursive: true });
const truth = [];
for (const cv of corpus()) {
  await writeFile(join(dir, `${cv.id}.pdf`), await cv.pdf());
  truth.push({ id: cv.id, template: cv.template, ...cv.truth });
}
await writeFile(join(dir, 'truth.json'), `${JSON.stringify(truth, null, 2)}\n`);
process.stdout.write(`${truth.length} CVs written to ${dir}\n`);
