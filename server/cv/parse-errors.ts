/**
 * Why a CV could not be read, as the short texts the client shows next to the upload (they are
 * stored in users.cv_parse_error). Each says what to do next, since the user's only remedy is to
 * upload another file. The codes are for logs and tests; no CV content ever goes into either.
 */
export const CV_PARSE_ERRORS = {
  notPdf: 'Only PDF files are allowed.', // spec §5
  corrupt:
    'We could not read this PDF. It may be damaged or password-protected: save it again as a PDF and upload it.',
  scanned:
    'This PDF looks like a scanned image: upload a text PDF (export it from your editor instead of scanning it).',
  noText: 'We could not find any text in this PDF: upload a text PDF exported from your editor.',
  garbled:
    'We could not read the text in this PDF (its fonts are not readable): export it again as a text PDF and upload it.',
  // Too big to read safely (parse-limits.ts), stopped by the parse worker's time or memory
  // limit, or a parse that stopped the server twice (resume-parses.ts). The spec has no text.
  tooComplex:
    'This PDF could not be read: it is too large or complex. Please upload a simpler PDF (for example, exported from Word or Google Docs).',
  missing: 'We could not find your uploaded CV: please upload it again.',
  failed: 'We could not read this PDF. Please try again, or upload another file.',
} as const;

export type CvParseErrorCode = keyof typeof CV_PARSE_ERRORS;

/** `detail` is for the log (which limit stopped the parse), never shown and never CV content. */
export class CvParseFailure extends Error {
  constructor(
    readonly code: CvParseErrorCode,
    readonly detail?: string,
  ) {
    super(CV_PARSE_ERRORS[code]);
  }
}
