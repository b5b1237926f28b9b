/**
 * The stand-in answers errors in words, never with a stack trace (issue 23 item 8). Without
 * this, a body cognito-local's express app cannot parse reached express's default handler, which
 * (NODE_ENV not "production") answered with an HTML page of the stack and printed the raw body
 * (passwords included) to stderr; and an unexpected error inside an action was sent as the
 * error object itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { CognitoError, type Context, type TargetRouter } from './cognito-local-internals';

const AMZ_JSON = 'application/x-amz-json-1.1';

function sendAmzError(res: ServerResponse, status: number, type: string, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': AMZ_JSON, 'cache-control': 'no-store' });
  res.end(JSON.stringify({ __type: type, message }));
}

/** An express error handler (four parameters: express tells them apart by arity). */
export function plainErrorHandler(logger: Logger) {
  return (error: unknown, _req: IncomingMessage, res: ServerResponse, _next: unknown): void => {
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    if (type === 'entity.parse.failed') {
      sendAmzError(res, 400, 'SerializationException', 'The request body is not valid JSON');
    } else if (typeof status === 'number' && status >= 400 && status < 500) {
      sendAmzError(res, status, 'InvalidParameterException', 'The request was not valid');
    } else {
      // Not the error object: body-parser's carries the raw body.
      logger.error({ errorType: typeof type === 'string' ? type : undefined }, 'stand-in failed');
      sendAmzError(res, 500, 'InternalErrorException', 'The identity stand-in failed');
    }
  };
}

/**
 * Actions that fail with anything but a Cognito error (a TypeError from a malformed body, say)
 * fail as Cognito's InternalErrorException, a name and a sentence, instead of the raw object.
 */
export function withPlainErrors(router: TargetRouter, logger: Logger): TargetRouter {
  return (target) => {
    const route = router(target);
    return async (ctx: Context, body: unknown): Promise<unknown> => {
      try {
        const result: unknown = await route(ctx, body);
        return result;
      } catch (error) {
        if (error instanceof CognitoError) throw error;
        // cognito-local's own "unsupported action" answer names the action only: keep it.
        if (error instanceof Error && error.constructor.name === 'UnsupportedError') throw error;
        logger.error({ target, errorType: (error as Error)?.name }, 'stand-in action failed');
        throw new CognitoError('InternalErrorException', 'The identity stand-in failed');
      }
    };
  };
}
