/**
 * Hostile PDFs made in code (issue 23 item 1; no binaries in the repository): a small file whose
 * one page has a single FlateDecode content stream that inflates to `inflatedMb` megabytes of
 * text operators. Deflate squeezes the repetition about 1000:1, so a 100 MB stream is a ~100 KB
 * upload, well under the 2 MB limit (spec §5), which is what made it dangerous.
 *
 * Shared by the server tests and `npm run test:security` (scripts/test-security.ts).
 */
import { constants, createDeflate } from 'node:zlib';

const MB = 1024 * 1024;

/** One line of text operators: a short word shown at a position (what pdf.js turns into items). */
const LINE = 'BT /F1 10 Tf 72 720 Td (Engineer) Tj ET\n';

/** `chunk` repeated until `bytes` long. */
interface Repeated {
  chunk: Buffer;
  bytes: number;
}

/** Deflates the parts in order, streamed so the plain text is never in memory whole. */
async function deflateParts(parts: (Buffer | Repeated)[]): Promise<Buffer> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
  const output: Buffer[] = [];
  deflate.on('data', (part: Buffer) => output.push(part));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const write = async (piece: Buffer) => {
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      await write(part);
      continue;
    }
    for (let written = 0; written < part.bytes; written += part.chunk.length) {
      await write(part.chunk.subarray(0, Math.min(part.chunk.length, part.bytes - written)));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat(output);
}

/** A syntactically valid one-page PDF (with a correct xref table) around `content`. */
export function pdfWithContentStream(content: Buffer, filter = '/FlateDecode'): Buffer {
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ' +
        '/Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length}${filter ? ` /Filter ${filter}` : ''} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF\n',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

const cache = new Map<string, Promise<Buffer>>();

function memoised(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let pdf = cache.get(key);
  if (!pdf) {
    pdf = make();
    cache.set(key, pdf);
  }
  return pdf;
}

/**
 * A PDF whose content stream inflates to `inflatedMb` MB of `BT … Tj ET` operators: millions of
 * small text items (time and item count). Memoised per size: making the 600 MB one deflates
 * 600 MB (a couple of seconds), once per process.
 */
export function textOperatorBomb(inflatedMb: number): Promise<Buffer> {
  return memoised(`operators:${inflatedMb}`, async () => {
    const chunk = Buffer.from(LINE.repeat(Math.ceil(MB / LINE.length)));
    return pdfWithContentStream(await deflateParts([{ chunk, bytes: inflatedMb * MB }]));
  });
}

/**
 * A PDF whose content stream is one text operator around a string of `inflatedMb` MB: a PDF
 * reader builds that string in memory (heap).
 */
export function hugeStringBomb(inflatedMb: number): Promise<Buffer> {
  return memoised(`string:${inflatedMb}`, async () => {
    const stream = await deflateParts([
      Buffer.from('BT /F1 10 Tf 72 720 Td ('),
      { chunk: Buffer.alloc(MB, 'A'), bytes: inflatedMb * MB },
      Buffer.from(') Tj ET\n'),
    ]);
    return pdfWithContentStream(stream);
  });
}
