/**
 * CV fixtures made in code with pdf-lib (no binary fixtures in the repository): text placed at
 * positions, so tests control columns, same-line dates and headings the way real CV templates
 * lay them out, plus an image-only "scan" and broken files.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { crc32, deflateSync } from 'node:zlib';

export interface Placed {
  text: string;
  x: number;
  y: number;
  size?: number;
}

const A4: [number, number] = [595, 842];

export async function makePdf(pages: Placed[][], options: { image?: boolean } = {}) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const image = options.image ? await doc.embedPng(greyPng(64, 64)) : undefined;
  for (const items of pages) {
    const page = doc.addPage(A4);
    if (image) page.drawImage(image, { x: 20, y: 20, width: 555, height: 800 });
    for (const { text, x, y, size = 10 } of items) page.drawText(text, { x, y, size, font });
  }
  return Buffer.from(await doc.save());
}

/** Lines down the page from `top`, one every `step` points, starting at `x`. */
export function column(x: number, top: number, step: number, lines: (string | [string, string])[]) {
  const placed: Placed[] = [];
  lines.forEach((line, index) => {
    const y = top - index * step;
    if (typeof line === 'string') {
      if (line) placed.push({ text: line, x, y });
    } else {
      placed.push({ text: line[0], x, y }, { text: line[1], x: 430, y });
    }
  });
  return placed;
}

/**
 * A one-column CV: dates right-aligned on the title's line, two overlapping jobs
 * (Jun 2018 – Dec 2023 merged = 67 months = 5.6 years), an internship and a Projects section
 * whose dates must not count.
 */
export function textCv() {
  return makePdf([textCvPage()]);
}

/** A longer CV for timing: the one-column page, then `extra` pages of dense experience bullets. */
export function longCv(extra = 2) {
  const bullet =
    '- Designed and shipped services in Java, Spring Boot and Kafka on AWS; mentored engineers.';
  const page = column(
    50,
    800,
    13,
    Array.from({ length: 58 }, () => bullet),
  );
  return makePdf([textCvPage(), ...Array.from({ length: extra }, () => page)]);
}

function textCvPage(): Placed[] {
  return [
    { text: 'Asha Rao', x: 50, y: 790, size: 18 },
    ...column(50, 765, 14, [
      'Senior Software Engineer',
      'asha.rao@example.com | +91 98450 00000',
      'Location: Bangalore, India',
      'Current CTC: 24 LPA | Expected CTC: 32 LPA',
      '',
      'SUMMARY',
      'Engineer building web products with ReactJS and Node.js for 5 years.',
      '',
      'WORK EXPERIENCE',
      ['Senior Software Engineer, Acme Corp', 'Jan 2021 - Dec 2023'],
      '- Led the move of the storefront to TypeScript and GraphQL.',
      '- Mentored two interns and ran code reviews.',
      ['Software Engineer, Beta Labs', 'Jun 2018 - Jun 2021'],
      '- Built dashboards with ReactJS, Redux and AWS Lambda.',
      ['Software Engineer Intern, Gamma Systems', 'Jan 2017 - Jun 2017'],
      '- Wrote tests.',
      '',
      'PROJECTS',
      ['Chat app for student clubs', 'Mar 2015 - Dec 2016'],
      '',
      'SKILLS',
      'ReactJS, TypeScript, Go, Docker, PostgreSQL',
      'Communication, Leadership',
      '',
      'EDUCATION',
      ['B.Tech, Computer Science, VIT', '2013 - 2017'],
    ]),
  ];
}

/**
 * A two-column CV: a sidebar (skills with the ambiguous "Go", contact) beside the main column,
 * on different baselines, as sidebar templates are.
 */
export function twoColumnCv() {
  const sidebar = column(40, 760, 17, [
    'SKILLS',
    'React.js',
    'Python',
    'Go',
    'Kubernetes',
    'Teamwork',
    '',
    'CONTACT',
    'Location: Hyderabad',
    'ravi@example.com',
  ]);
  const main = column(230, 790, 13, [
    'Ravi Kumar',
    'Data Engineer',
    '',
    'EXPERIENCE',
    'Data Engineer, Foo Analytics',
    'Mar 2019 - Feb 2023',
    '- Built Spark pipelines on AWS and Airflow.',
    'Analyst, Bar Insights',
    'Jul 2017 - Feb 2019',
    '- Reporting in SQL and Tableau.',
    '',
    'EDUCATION',
    'B.E. Electronics, 2013 - 2017',
  ]);
  return makePdf([[...sidebar, ...main]]);
}

/** A scanned CV: each page is one image and carries no text. */
export function scannedCv() {
  return makePdf([[], []], { image: true });
}

/** Starts like a PDF, is not one. */
export function corruptPdf() {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
}

/** A valid PDF whose text is mostly symbols, as with a broken font encoding. */
export function garbledCv() {
  const line = '#$%&*+=<>?@^~ !#$%&*+=<>?@^~ {}[]|\\/#$%&*+ab';
  return makePdf([
    column(
      50,
      780,
      14,
      Array.from({ length: 20 }, () => line),
    ),
  ]);
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A minimal greyscale PNG (the "scan"), built by hand to need no image library. */
function greyPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
