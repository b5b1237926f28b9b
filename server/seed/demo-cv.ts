/**
 * The demo candidate's CV file (issue 10: a candidate can open the current CV). The seed gives
 * candidate@example.com an extracted CV (demo-users.ts); this puts a matching PDF, made in code,
 * into the object store under DEMO_CV_KEY when it is not there yet, so "View CV" works on a fresh
 * `npm start` like for any user who uploaded one. Its text says what the seeded profile says, so a
 * re-parse would find the same designation, skills and experience.
 */
import type { ObjectStore } from '../storage/object-store';

export const DEMO_CV_KEY = 'cv/usr-candidate/demo-cv.pdf';
/** The CV of nocredits@example.com (issue 16: a complete profile whose credits are used up). */
export const NO_CREDITS_CV_KEY = 'cv/usr-nocredits/demo-cv.pdf';

const LINES = [
  ['Priya Sharma', 18],
  ['Frontend Engineer · Bengaluru · candidate@example.com', 11],
  ['', 11],
  ['SUMMARY', 13],
  ['Frontend engineer who cares about fast, accessible interfaces on cheap phones.', 11],
  ['', 11],
  ['SKILLS', 13],
  ['React, TypeScript, JavaScript, HTML, CSS, Git, Jest, REST APIs', 11],
  ['Communication, Teamwork, Ownership', 11],
  ['', 11],
  ['EXPERIENCE', 13],
  ['Frontend Engineer, Example Systems (Jan 2022 - Present)', 11],
  ['Built an offline-first React app used by 200k candidates on slow networks.', 11],
  ['Software Engineer, Sample Labs (Oct 2020 - Dec 2021)', 11],
  ['Moved a TypeScript design system to accessible components.', 11],
  ['', 11],
  ['EDUCATION', 13],
  ['B.Tech, Computer Science (2016 - 2020)', 11],
] as const;

const NO_CREDITS_LINES = [
  ['Arjun Rao', 18],
  ['Backend Engineer · Pune · nocredits@example.com', 11],
  ['', 11],
  ['SKILLS', 13],
  ['Java, Spring Boot, SQL, Microservices, REST APIs, Git', 11],
  ['Communication, Problem Solving', 11],
  ['', 11],
  ['EXPERIENCE', 13],
  ['Backend Engineer, Example Systems (Jun 2021 - Present)', 11],
  ['Built payment services in Java and Spring Boot.', 11],
] as const;

export async function demoCvPdf(
  lines: readonly (readonly [string, number])[] = LINES,
): Promise<Buffer> {
  // Loaded here, not at start-up: only a store without the demo CV needs it.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle('Demo candidate CV');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  let y = 790;
  for (const [text, size] of lines) {
    // Helvetica (WinAnsi) has no '·': keep the PDF's text what a parser would read.
    if (text) page.drawText(text.replaceAll('·', '-'), { x: 56, y, size, font });
    y -= size + 9;
  }
  return Buffer.from(await doc.save());
}

/** Writes the demo CVs the store does not have; true when it wrote any. */
export async function ensureDemoCv(store: ObjectStore): Promise<boolean> {
  let wrote = false;
  for (const [key, lines] of [
    [DEMO_CV_KEY, LINES],
    [NO_CREDITS_CV_KEY, NO_CREDITS_LINES],
  ] as const) {
    if (await store.exists(key)) continue;
    await store.put(key, await demoCvPdf(lines), 'application/pdf');
    wrote = true;
  }
  return wrote;
}
