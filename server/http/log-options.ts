/**
 * The server's pino options (server/app.ts hands them to Fastify). Logs never carry credentials,
 * signed-URL signatures, or the personal data inside database errors (issue 23 item 8):
 *
 * - a failed Drizzle query's error holds the statement's `params` (emails, profile text, CV
 *   names), and its message repeats them ("Failed query: …\nparams: a@b.com,…");
 * - a Postgres error's `detail` holds the offending row's values ("Key (lower(email))=(a@b.com)
 *   already exists."), and some messages quote the input ('invalid input syntax for type uuid:
 *   "a@b.com"').
 *
 * So errors are logged through an allow-list: their type, message and stack with values taken
 * out, and the fields that say what failed without saying whose data it was (SQLSTATE `code`,
 * `constraint`, `table`, `column`, the SQL text with its `$1` placeholders), causes included.
 */
import type { LevelWithSilent, LoggerOptions } from 'pino';

const REDACTED = '[redacted]';
/** Causes followed before giving up: enough for Drizzle → pg, never a loop. */
const MAX_CAUSE_DEPTH = 5;
/** Fields copied as they are when they are strings or numbers: none of them holds row data. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  query?: string;
  cause?: SerializedError | string;
  [field: string]: unknown;
}

/** A five-character SQLSTATE (Postgres, PGlite): the mark of a database error. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);
}

function safeMessage(error: Record<string, unknown>, message: string): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>". The SQL has placeholders only.
  const params = message.indexOf('\nparams:');
  if (typeof error.query === 'string' && params !== -1) {
    return `${message.slice(0, params)}\nparams: ${REDACTED}`;
  }
  if (isDatabaseError(error)) {
    // Postgres quotes input values after a colon ('for type uuid: "x"') or after `value`
    // ('value "x" is out of range'); identifiers it quotes (relation "users") are kept.
    return message
      .replace(/(:\s*)"(?:[^"]|"")*"/g, `$1"${REDACTED}"`)
      .replace(/(\bvalue\s+)"(?:[^"]|"")*"/gi, `$1"${REDACTED}"`);
  }
  return message;
}

/** The stack's frames under a first line that carries the redacted message. */
function safeStack(stack: unknown, type: string, message: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

export function serializeError(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const error = value as Record<string, unknown>;
  const type =
    (value instanceof Error && value.name !== 'Error' ? value.name : undefined) ??
    value.constructor?.name ??
    'Error';
  const message = safeMessage(error, typeof error.message === 'string' ? error.message : '');
  const out: SerializedError = { type, message };
  const stack = safeStack(error.stack, type, message);
  if (stack) out.stack = stack;
  for (const field of SAFE_FIELDS) {
    const fieldValue = error[field];
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number') out[field] = fieldValue;
  }
  if (typeof error.query === 'string') out.query = error.query;
  if (error.cause !== undefined) {
    out.cause =
      depth < MAX_CAUSE_DEPTH
        ? (serializeError(error.cause, depth + 1) as SerializedError | string)
        : '[cause chain cut]';
  }
  return out;
}

/** Fastify's request line: method, URL (without a signed URL's query) and the caller's address. */
function serializeRequest(request: { method: string; url: string; ip?: string }) {
  return {
    method: request.method,
    // Signed upload URLs carry their signature in the query string: log the path only.
    url: request.url.startsWith('/storage/') ? request.url.split('?')[0] : request.url,
    remoteAddress: request.ip,
  };
}

export function logOptions(level: LevelWithSilent): LoggerOptions {
  return {
    level,
    // Never log credentials (DEVELOPERS.md, security): redact them wherever they appear.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
      censor: REDACTED,
    },
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    hooks: {
      // `log.error(error)` with no message of its own makes the error's message the line's
      // `msg`, past the serializer: give it the redacted one.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error && typeof rest[0] !== 'string') {
          const { message } = serializeError(first) as SerializedError;
          return method.apply(this, [first, message, ...rest] as Parameters<typeof method>);
        }
        return method.apply(this, args);
      },
    },
  };
}
