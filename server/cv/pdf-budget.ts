/**
 * Counts what a PDF's compressed streams inflate to, before pdf.js reads the file (issue 23
 * item 1: a 300 KB upload held one Flate stream of 100 MB of text operators). pdf.js decodes a
 * stream as it lexes it and keeps every decoded byte, so the inflated size is what a parse costs
 * in memory and, roughly, in time.
 *
 * The file is scanned as bytes, not parsed: every `stream … endstream` whose dictionary names
 * FlateDecode is inflated by zlib as a stream and counted, never kept, stopping as soon as a
 * budget is spent. Not counted: LZW and chained filters (pdf.js would decode them, the time and
 * heap limits of the parse worker catch those), and streams zlib cannot read (pdf.js cannot
 * either). Stream length comes from /Length (direct or an indirect number object), as pdf.js
 * reads it, so an "endstream" hidden inside the data cannot cut the count short.
 */
import { constants, createInflate } from 'node:zlib';
import { CvParseFailure } from './parse-errors';
import type { ParseLimits } from './parse-limits';

const FLATE = /\/Fl(?:ateDecode)?(?![A-Za-z0-9])/;
const IMAGE = /\/Subtype\s*\/Image(?![A-Za-z0-9])/;
const DIRECT_LENGTH = /\/Length\s+(\d+)(?!\s+\d+\s+R)/;
const INDIRECT_LENGTH = /\/Length\s+(\d+)\s+(\d+)\s+R/;
const DICTIONARY_WINDOW = 8 * 1024; // a stream dictionary is a few hundred bytes

/** Inflated size of `data`, or any number above `cap` once it passes it. */
function inflatedSize(data: Uint8Array, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish); // not zlib data, or truncated: what came out so far counts
    inflate.end(data);
  });
}

function streamLength(text: string, dictionary: string): number | undefined {
  const direct = DIRECT_LENGTH.exec(dictionary);
  if (direct) return Number(direct[1]);
  const indirect = INDIRECT_LENGTH.exec(dictionary);
  if (!indirect) return undefined;
  const object = new RegExp(`(?:^|[^0-9])${indirect[1]}\\s+${indirect[2]}\\s+obj\\s*(\\d+)`).exec(
    text,
  );
  return object ? Number(object[1]) : undefined;
}

/** Throws CvParseFailure('tooComplex') when the file's streams inflate past the limits. */
export async function checkInflatedSize(
  bytes: Uint8Array,
  limits: Pick<ParseLimits, 'maxInflatedBytes' | 'maxInflatedImageBytes'>,
): Promise<void> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  // One per call: the loop awaits, and a shared global regex would share its lastIndex.
  const streamKeyword = /(?<!end)stream(?:\r\n|\n|\r)/g;
  let spent = 0;
  let imageSpent = 0;
  for (let match = streamKeyword.exec(text); match; match = streamKeyword.exec(text)) {
    const start = match.index + match[0].length;
    const header = Math.max(
      text.lastIndexOf('obj', match.index),
      match.index - DICTIONARY_WINDOW,
      0,
    );
    const dictionary = text.slice(header, match.index);
    const length = streamLength(text, dictionary);
    let end = length !== undefined && start + length <= text.length ? start + length : -1;
    if (end < 0) end = text.indexOf('endstream', start);
    if (end < 0) end = text.length;
    streamKeyword.lastIndex = end;
    if (!FLATE.test(dictionary)) continue;

    const image = IMAGE.test(dictionary);
    const left = image
      ? limits.maxInflatedImageBytes - imageSpent
      : limits.maxInflatedBytes - spent;
    const size = await inflatedSize(bytes.subarray(start, end), left);
    if (size > left)
      throw new CvParseFailure('tooComplex', image ? 'image bytes' : 'inflated bytes');
    if (image) imageSpent += size;
    else spent += size;
  }
}
