/**
 * A push job retried after its process died (issue 25): the devices its first run reached are
 * not sent the notification again, and those it had not reached yet still get it. The death is
 * what a SIGKILL leaves in the queue: the job still `active` after its messages went out, past
 * its expiry, so pg-boss's maintenance puts it back for another process to run. Messages are
 * caught by the local push service and decrypted as a browser would.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { pushDeliveries, pushSubscriptions } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { bossDbFor } from '../../server/queue/boss-db';
import {
  readPush,
  startPushService,
  subscribeThroughApi,
  type LocalPushService,
} from './support/push-service';
import { startApiServer, type ApiTestServer } from './support/api-server';

const candidate = demoAccount('candidate@example.com');
const corpAdmin = demoAccount('corp-admin@example.com');

let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let pushService: LocalPushService;
let candidateToken: string;
let adminToken: string;
let ourJobs: { id: string; companyName: string }[];

beforeAll(async () => {
  pushService = await startPushService();
  server = await startApiServer({
    env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000' },
    dataDirPrefix: 'rh-push-retry-',
    testPushService: { agent: pushService.agent },
  });
  ({ app, database } = server);
  const { auth } = server;
  candidateToken = await auth.accessToken({ sub: candidate.sub, groups: [candidate.group] });
  adminToken = await auth.accessToken({ sub: corpAdmin.sub, groups: [corpAdmin.group] });
  // Published jobs of the admin's company the candidate has not applied to.
  ourJobs = (
    await sql(
      `SELECT id, company_name FROM jobs
        WHERE company_id = (SELECT company_id FROM corporate_users WHERE cognito_user_id = $1)
          AND status = 'PUBLISHED' AND NOT is_external AND NOT bad_job
          AND id NOT IN (SELECT job_id FROM job_applications WHERE lower(user_email) = $2)
        ORDER BY id LIMIT 3`,
      [corpAdmin.sub, candidate.email.toLowerCase()],
    )
  ).map((row) => ({ id: String(row.id), companyName: String(row.company_name) }));
  if (ourJobs.length < 3) throw new Error('not enough seeded jobs for the demo company');
});
afterAll(async () => {
  await server.close();
  await pushService.close();
});
beforeEach(async () => {
  await database.db.delete(pushSubscriptions);
  pushService.received.length = 0;
});

async function sql(text: string, values: unknown[] = []) {
  return (await bossDbFor(database.db).executeSql(text, values)).rows;
}

/** The candidate applies to `job` and the corporate admin shortlists them: one push job. */
async function shortlist(job: { id: string; companyName: string }): Promise<string> {
  const applied = await app.inject({
    method: 'POST',
    url: '/jobs-api/job-application/',
    headers: { authorization: `Bearer ${candidateToken}` },
    payload: { jobId: job.id, companyName: job.companyName, jobPortal: 'ReferralHub' },
  });
  expect(applied.statusCode).toBe(201);
  const moved = await app.inject({
    method: 'PATCH',
    url: `/jobs-api/job-application/${job.id}/${encodeURIComponent(candidate.email)}`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { status: 'SHORTLISTED' },
  });
  expect(moved.statusCode).toBe(200);
  await app.jobs.settle();
  const [row] = await sql(
    "SELECT id FROM pgboss.job WHERE name = 'push' AND singleton_key = $1 AND state = 'completed'",
    [`application:${job.id}:${candidate.email.toLowerCase()}:SHORTLISTED`],
  );
  if (!row) throw new Error('no completed push job for the status change');
  return String(row.id);
}

/**
 * What a SIGKILL after the deliveries leaves: the job `active`, started long ago. Maintenance
 * puts it back as a retry; the backoff is skipped so the test need not wait for it.
 */
async function dieAndRetry(jobId: string) {
  await sql(
    `UPDATE pgboss.job SET state = 'active', completed_on = NULL, output = NULL,
            started_on = now() - interval '1 hour' WHERE id = $1`,
    [jobId],
  );
  await app.jobs.expireAbandoned();
  await sql('UPDATE pgboss.job SET start_after = now() WHERE id = $1', [jobId]);
  app.jobs.nudge();
  await expect
    .poll(
      async () =>
        (
          await sql('SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = $1', [
            jobId,
          ])
        )[0],
      {
        timeout: 15_000,
        interval: 100,
      },
    )
    .toEqual({ state: 'completed', retry_count: 1 });
}

const arrivedAt = (device: string) =>
  pushService.received.filter((message) => message.path === `/push/${device}`);

describe('a push job retried after its process died', () => {
  it('does not send the notification again to the devices it reached', async () => {
    const phone = await subscribeThroughApi(
      app,
      candidateToken,
      `${pushService.origin}/push/phone`,
    );
    const laptop = await subscribeThroughApi(
      app,
      candidateToken,
      `${pushService.origin}/push/laptop`,
    );
    const job = ourJobs[0]!;
    const pushJob = await shortlist(job);
    expect(arrivedAt('phone')).toHaveLength(1);
    expect(arrivedAt('laptop')).toHaveLength(1);

    await dieAndRetry(pushJob);
    // The retry ran (completed, retry_count 1) and reached nobody twice.
    expect(arrivedAt('phone')).toHaveLength(1);
    expect(arrivedAt('laptop')).toHaveLength(1);
    for (const [message, keys] of [
      [arrivedAt('phone')[0], phone],
      [arrivedAt('laptop')[0], laptop],
    ] as const) {
      expect(readPush(message, keys)).toMatchObject({
        title: 'Application update',
        jobId: job.id,
        body: expect.stringContaining('is now shortlisted') as unknown,
      });
    }
  });

  it('forgets the deliveries of a day ago, keeping the recent ones', async () => {
    await database.db.insert(pushDeliveries).values([
      {
        jobId: 'job-of-yesterday',
        subscriptionId: 'a',
        deliveredAt: new Date(Date.now() - 25 * 3600_000),
      },
      {
        jobId: 'job-of-this-morning',
        subscriptionId: 'a',
        deliveredAt: new Date(Date.now() - 3 * 3600_000),
      },
    ]);
    await subscribeThroughApi(app, candidateToken, `${pushService.origin}/push/phone`);
    await shortlist(ourJobs[2]!);
    const kept = await database.db.select({ jobId: pushDeliveries.jobId }).from(pushDeliveries);
    expect(kept.map((row) => row.jobId)).toContain('job-of-this-morning');
    expect(kept.map((row) => row.jobId)).not.toContain('job-of-yesterday');
  });

  it('still reaches the devices the first run had not reached', async () => {
    await subscribeThroughApi(app, candidateToken, `${pushService.origin}/push/phone`);
    const laptop = await subscribeThroughApi(
      app,
      candidateToken,
      `${pushService.origin}/push/laptop`,
    );
    const job = ourJobs[1]!;
    const pushJob = await shortlist(job);
    // The process died after the phone's delivery, before the laptop's: the laptop's message
    // never left (taken back from the service) and nothing says it was delivered.
    const [laptopRow] = await database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${pushService.origin}/push/laptop`));
    await database.db
      .delete(pushDeliveries)
      .where(
        and(eq(pushDeliveries.jobId, pushJob), eq(pushDeliveries.subscriptionId, laptopRow!.id)),
      );
    pushService.received.splice(
      pushService.received.findIndex((message) => message.path === '/push/laptop'),
      1,
    );

    await dieAndRetry(pushJob);
    expect(arrivedAt('phone')).toHaveLength(1);
    expect(arrivedAt('laptop')).toHaveLength(1);
    expect(readPush(arrivedAt('laptop')[0], laptop)).toMatchObject({ jobId: job.id });
  });
});
