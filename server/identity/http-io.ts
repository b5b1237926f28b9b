/**
 * The few HTTP helpers the stand-in's own pages need. They run on plain `node:http` in front of
 * cognito-local's express app (which answers everything they do not), so nothing here depends
 * on express or its untyped request objects.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Hosted-UI forms are a handful of short fields; anything larger is not ours. */
const MAX_FORM_BYTES = 16 * 1024;

export class FormTooLargeError extends Error {}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new FormTooLargeError('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function formFields(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The pages have no scripts; they post forms that redirect back to the app.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}
