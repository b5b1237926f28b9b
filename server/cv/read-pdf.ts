/**
 * PDF bytes → lines of text, or a CvParseFailure saying why the file cannot be read
 * (stack-notes "PDF and CV parsing"):
 *
 * - `%PDF-` header first; a corrupt, encrypted or non-PDF file makes pdf.js throw, which is
 *   "corrupt", never an exception out of the pipeline.
 * - Limits (parse-limits.ts, issue 23 item 1): the file's streams must inflate to no more than a
 *   budget (pdf-budget.ts) before pdf.js sees it; the document may declare at most
 *   maxDocumentPages pages and only the first MAX_PAGES are read (a CV is 1-3 pages); text is
 *   streamed from pdf.js and reading stops at maxTextItems items or maxTextChars characters.
 *   Past any of them the file is "tooComplex". The server runs this in a worker (cv-parser.ts)
 *   with a time and heap limit on top.
 * - Scans: fewer than ~100 non-space characters per page while the pages carry images (image
 *   XObjects counted from the page resources with pdf-lib, never decoded).
 * - Broken fonts: text that is less than ~60 % letters and digits.
 *
 * unpdf bundles the serverless pdf.js build, which runs on Node 20; the plain pdfjs-dist build
 * does not ("DOMMatrix is not defined").
 */
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { looksLikePdf } from '../files/upload-limits';
import { layoutPage, type Line, type TextItem } from './layout';
import { checkInflatedSize } from './pdf-budget';
import { CvParseFailure } from './parse-errors';
import { PARSE_LIMITS, type ParseLimits } from './parse-limits';

export const MAX_PAGES = 10;
const MIN_CHARS_PER_PAGE = 100; // stack-notes: scans have fewer than ~100 per page
const MIN_READABLE_RATIO = 0.6; // stack-notes: less than ~60 % letters/digits is broken text
const MIN_TOTAL_CHARS = 40; // below this there is nothing to parse at all

export interface PdfText {
  lines: Line[];
  pageCount: number;
}

async function imagesPerPage(bytes: Uint8Array, pages: number): Promise<number> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    let images = 0;
    for (const page of doc.getPages().slice(0, pages)) {
      const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
      for (const [, ref] of xObjects?.entries() ?? []) {
        const stream = page.doc.context.lookup(ref);
        const dict = stream && 'dict' in stream ? (stream.dict as PDFDict) : undefined;
        if (dict?.get(PDFName.of('Subtype')) === PDFName.of('Image')) images++;
      }
    }
    return images;
  } catch {
    return 0; // pdf.js could read it; pdf-lib's stricter parser not being able to is no scan
  }
}

function itemsOf(content: { items: unknown[] }): TextItem[] {
  const items: TextItem[] = [];
  for (const raw of content.items) {
    const item = raw as { str?: unknown; transform?: number[]; width?: number; height?: number };
    if (typeof item.str !== 'string' || !item.transform) continue;
    const [a = 0, b = 0, , d = 0, x = 0, y = 0] = item.transform;
    items.push({
      text: item.str,
      x,
      y,
      width: item.width ?? 0,
      size: Math.max(Math.hypot(a, b), Math.abs(d), item.height ?? 0, 1),
    });
  }
  return items;
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * The page's text items, streamed from pdf.js so that reading stops at the limit instead of
 * after pdf.js has built every item of a hostile page. `budget` is what is left for the document.
 */
async function readItems(
  page: Awaited<ReturnType<PdfDocument['getPage']>>,
  budget: { items: number; chars: number },
): Promise<TextItem[]> {
  // Each chunk is a TextContent ({ items, styles }); pdf.js types the stream as any.
  const reader = (page.streamTextContent() as ReadableStream<{ items: unknown[] }>).getReader();
  const items: TextItem[] = [];
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    for (const item of itemsOf(chunk.value)) {
      budget.items -= 1;
      budget.chars -= item.text.length;
      if (budget.items < 0 || budget.chars < 0) {
        // pdf.js waits for the reader (back-pressure); cancelling stops its evaluator.
        await reader.cancel(new Error('text limit')).catch(() => undefined);
        throw new CvParseFailure('tooComplex', 'text items');
      }
      items.push(item);
    }
  }
  return items;
}

export async function readPdf(bytes: Buffer, limits: ParseLimits = PARSE_LIMITS): Promise<PdfText> {
  if (!looksLikePdf(bytes)) throw new CvParseFailure('notPdf');
  await checkInflatedSize(bytes, limits);
  let pdf: PdfDocument;
  try {
    // A copy: pdf.js may take ownership of (detach) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch {
    throw new CvParseFailure('corrupt');
  }
  const lines: Line[] = [];
  let nonSpace = 0;
  let readable = 0;
  let pagesRead = 0;
  const budget = { items: limits.maxTextItems, chars: limits.maxTextChars };
  try {
    if (pdf.numPages > limits.maxDocumentPages) throw new CvParseFailure('tooComplex', 'pages');
    pagesRead = Math.min(pdf.numPages, MAX_PAGES);
    for (let n = 1; n <= pagesRead; n++) {
      const page = await pdf.getPage(n);
      const items = await readItems(page, budget);
      for (const item of items) {
        nonSpace += item.text.replace(/\s+/g, '').length;
        readable += (item.text.match(/[\p{L}\p{N}]/gu) ?? []).length;
      }
      lines.push(...layoutPage(items, page.getViewport({ scale: 1 }).width));
      page.cleanup();
    }
  } catch (error) {
    if (error instanceof CvParseFailure) throw error;
    throw new CvParseFailure('corrupt');
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }

  if (nonSpace < MIN_CHARS_PER_PAGE * pagesRead) {
    if ((await imagesPerPage(new Uint8Array(bytes), pagesRead)) > 0) {
      throw new CvParseFailure('scanned');
    }
  }
  if (nonSpace < MIN_TOTAL_CHARS) throw new CvParseFailure('noText');
  if (readable / nonSpace < MIN_READABLE_RATIO) throw new CvParseFailure('garbled');
  return { lines, pageCount: pdf.numPages };
}
