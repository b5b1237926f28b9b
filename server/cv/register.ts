/**
 * Wires the resume flow of spec §4 "Resume update" into the server: the signed-URL call
 * (files/routes.ts), the storage PUT it points at (storage/put-route.ts) and the CV patch with its
 * background parse (cv/routes.ts). Objects live under DATA_DIR/objects; the signing secret comes
 * from STORAGE_SIGNING_SECRET or is generated once into DATA_DIR.
 *
 * Parses are `cv-parse` jobs on the durable queue (app.jobs, parse-queue.ts); `app.cvParses.idle()`
 * runs the due jobs to the end (tests). Parses run in one worker thread (cv-parser.ts), stopped
 * when the server closes, after the queue has let its runs finish.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { registerFileRoutes } from '../files/routes';
import { ensureDemoCv } from '../seed/demo-cv';
import { registerStorageGetRoute } from '../storage/get-route';
import { registerStorageRoutes } from '../storage/put-route';
import { createObjectStore } from '../storage/select-store';
import { resolveSigningSecret } from '../storage/signing-secret';
import { CvParser } from './cv-parser';
import { registerCvDownloadRoute } from './download-route';
import { defineCvParseJobs } from './parse-queue';
import { resumeUnfinishedParses } from './resume-parses';
import { registerCvRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    cvParses?: { idle: () => Promise<void> };
  }
}

export async function registerCvFeature(
  app: FastifyInstance,
  { db, config }: { db: Database; config: ServerConfig },
) {
  // Resolved on first use: a server that never issues an upload URL writes nothing to DATA_DIR.
  let secret: string | undefined;
  const signingSecret = () =>
    (secret ??= resolveSigningSecret(config.STORAGE_SIGNING_SECRET, config.DATA_DIR));
  // OBJECT_STORE: the local folder, or S3 with presigned URLs (storage/select-store.ts).
  const store = await createObjectStore(config);
  const jobs = app.jobs;
  const parser = new CvParser();
  defineCvParseJobs(jobs, { db, store, parser, log: app.log });
  app.decorate('cvParses', { idle: () => jobs.settle() });
  // A parse still running must finish before the database closes under it (the queue's stop
  // waits for it). preClose, not onClose: onClose hooks run last-registered first, so main.ts's
  // database close would win. Then the worker goes: a live worker thread would keep a test
  // process from exiting.
  app.addHook('preClose', async () => {
    await jobs.stop();
    await parser.close();
  });

  registerFileRoutes(app, {
    db,
    store,
    signingSecret,
    publicOrigin: config.PUBLIC_ORIGIN,
  });
  // With S3 the browser talks to the bucket directly: no /storage routes.
  if (!store.direct) await registerStorageRoutes(app, { db, store, signingSecret });
  if (config.SEED_DEMO_DATA) {
    // The seeded candidate's CV file (seed/demo-cv.ts); written once, before the first request.
    app.addHook('onReady', async () => {
      await ensureDemoCv(store);
    });
  }
  if (!store.direct) registerStorageGetRoute(app, { store, signingSecret });
  registerCvRoutes(app, { db, store, jobs });
  // A user left "being read" with no job (a row from before the job queue) would stay so.
  app.addHook('onReady', async () => {
    await resumeUnfinishedParses({ db, queue: jobs, log: app.log });
  });
  registerCvDownloadRoute(app, {
    db,
    store,
    signingSecret,
    publicOrigin: config.PUBLIC_ORIGIN,
  });
}
