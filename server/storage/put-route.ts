/**
 * `PUT /storage/<key>?expires=…&signature=…`: the signed URL's target (spec §7 "PUT {signed URL},
 * the file is sent raw"). The checks run cheapest first, and the signature before the body is read:
 *
 * 1. preParsing: key shape, signature and expiry (403), so an unsigned caller cannot make us read
 *    2 MB.
 * 2. Body: a PDF, a PNG/JPEG/WebP (a referral's proof, issue 17) or application/octet-stream,
 *    read as bytes while under 2 MB (413, spec §5 "under 2 MB": the body limit is
 *    LARGEST_RESUME_BYTES, the contract's one size rule), which must start as the key's type does
 *    (`%PDF-` for a CV; 415). A refused file does not use up the URL.
 * 3. The uploaded_files row is claimed (single use, 403 when used), then the bytes are stored.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { UPLOAD_RATE_LIMIT } from '../http/protection';
import {
  LARGEST_RESUME_BYTES,
  ProofMessages,
  ResumeMessages as MESSAGES,
} from '../../src/domain/contract/files';
import { claimUpload, completeUpload, releaseUpload } from '../files/upload-record';
import { UPLOAD_CONTENT_TYPES, bytesMatchKey, contentTypeOfKey } from './file-types';
import { isObjectKey, type ObjectStore } from './object-store';
import { isValidSignature } from './url-signing';

const SignatureQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(200),
});

function keyOf(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? '';
}

/** A CV must be a PDF (spec §5's text); a proof may also be a screenshot. */
function wrongTypeText(key: string): string {
  return key.startsWith('proof/') ? ProofMessages.wrongType : MESSAGES.notPdf;
}

export interface StorageRouteOptions {
  db: Database;
  store: ObjectStore;
  /** The HMAC secret, read when first needed. */
  signingSecret: () => string;
}

export async function registerStorageRoutes(app: FastifyInstance, options: StorageRouteOptions) {
  const { db, store, signingSecret } = options;
  // Its own scope: the raw-bytes parsers and the error texts apply to this route only.
  await app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      UPLOAD_CONTENT_TYPES,
      { parseAs: 'buffer', bodyLimit: LARGEST_RESUME_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ errorMsg: error.message });
      }
      if (error.statusCode === 413) return reply.code(413).send({ errorMsg: MESSAGES.tooLarge });
      if (error.statusCode === 415) {
        return reply.code(415).send({ errorMsg: wrongTypeText(keyOf(request)) });
      }
      throw error; // the app's handler: a 4xx as { errorMsg }, anything else a logged 500
    });

    scope.put(
      '/storage/*',
      {
        bodyLimit: LARGEST_RESUME_BYTES,
        config: { rateLimit: UPLOAD_RATE_LIMIT },
        // preParsing: after the rate limit (onRequest), before the body is read.
        preParsing: async (request, _reply, payload) => {
          const key = keyOf(request);
          const query = SignatureQuery.safeParse(request.query);
          if (!isObjectKey(key) || !query.success) throw new HttpError(403, MESSAGES.invalidLink);
          const { expires, signature } = query.data;
          if (!isValidSignature(signingSecret(), { key, expires }, signature)) {
            throw new HttpError(403, MESSAGES.invalidLink);
          }
          if (expires * 1000 <= Date.now()) throw new HttpError(403, MESSAGES.expiredLink);
          return payload;
        },
      },
      async (request, reply) => {
        const key = keyOf(request);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(415, MESSAGES.empty);
        // The key says what the file must be (a CV: a PDF; a proof: a PDF or a screenshot).
        if (!bytesMatchKey(key, body)) {
          throw new HttpError(415, wrongTypeText(key));
        }
        if (!(await claimUpload(db, key, new Date()))) throw new HttpError(403, MESSAGES.usedLink);
        try {
          await store.put(key, body, contentTypeOfKey(key));
        } catch (error) {
          await releaseUpload(db, key);
          throw error;
        }
        await completeUpload(db, key, body.length);
        // S3 answers a PUT with 200 and an empty body; so do we.
        return reply.code(200).send();
      },
    );
    done();
  });
}
