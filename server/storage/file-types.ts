/**
 * What an object may hold, read from its key's extension (the server makes every key, so the
 * extension is ours, not the client's): the Content-Type it is stored and served with, and the
 * first bytes a file of that type must start with. CVs are PDFs only (spec §9); a referral's proof
 * (issue 17) may also be a PNG, JPEG or WebP screenshot.
 */
import { PDF_MAGIC } from '../files/upload-limits';

interface FileType {
  readonly contentType: string;
  readonly looksRight: (bytes: Buffer) => boolean;
}

const startsWith = (bytes: Buffer, magic: readonly number[], offset = 0) =>
  bytes.length >= offset + magic.length && magic.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const TYPES: Record<string, FileType> = {
  pdf: {
    contentType: 'application/pdf',
    looksRight: (bytes) => bytes.length > PDF_MAGIC.length && startsWith(bytes, ascii(PDF_MAGIC)),
  },
  png: {
    contentType: 'image/png',
    looksRight: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  jpg: {
    contentType: 'image/jpeg',
    looksRight: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  },
  webp: {
    contentType: 'image/webp',
    looksRight: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
  },
  // A resume-writing delivery (issue 19) may be a Word document: a ZIP container.
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    looksRight: (bytes) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]),
  },
};

/** The extensions an object key may end with (object-store.ts OBJECT_KEY_PATTERN). */
export const OBJECT_EXTENSIONS = Object.keys(TYPES);

function typeOfKey(key: string): FileType | undefined {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined;
}

/** The Content-Type an object is stored and served with; octet-stream for anything unknown. */
export function contentTypeOfKey(key: string): string {
  return typeOfKey(key)?.contentType ?? 'application/octet-stream';
}

/** True when the bytes start as a file of the key's type must. */
export function bytesMatchKey(key: string, bytes: Buffer): boolean {
  return typeOfKey(key)?.looksRight(bytes) ?? false;
}

/** Content-Types the storage PUT route reads as raw bytes. */
export const UPLOAD_CONTENT_TYPES = [
  'application/octet-stream',
  ...new Set(Object.values(TYPES).map((type) => type.contentType)),
];
