import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScoreClient, RESCORE_MEASURE, type WorkerLike } from '@/features/match';
import { createDb, setDbForTests, upsertJobs, type JobRecord } from '@/lib/db';
import { createScoreHandler } from '@/workers/scoring';
import {
  toStoredProfile,
  writeCandidateProfile,
  type ScoreReply,
  type ScoreRequest,
} from '@/lib/scoring';

// The client against the real worker logic, run in process through a Worker stand-in.
class FakeWorker implements WorkerLike {
  readonly sent: ScoreRequest[] = [];
  terminated = false;
  private readonly listeners: ((event: MessageEvent<ScoreReply>) => void)[] = [];
  private readonly handle = createScoreHandler((reply) =>
    setTimeout(() => {
      for (const listener of this.listeners) listener({ data: reply } as MessageEvent<ScoreReply>);
    }),
  );
  postMessage(message: ScoreRequest) {
    this.sent.push(message);
    setTimeout(() => this.handle(message));
  }
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent<ScoreReply>) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  terminate() {
    this.terminated = true;
  }
}

let counter = 0;
beforeEach(async () => {
  counter += 1;
  setDbForTests(createDb(`match-client-${counter}-${Date.now()}`));
  const jobs: JobRecord[] = Array.from({ length: 40 }, (_, i) => ({
    id: `j${i}`,
    jobTitle: 'Engineer',
    companyName: 'Acme',
    createdAt: '2026-01-01T00:00:00Z',
    coreSkills: ['React'],
  }));
  await upsertJobs(jobs, 1000);
  await writeCandidateProfile(
    toStoredProfile('sub', { coreSkills: ['React'], softSkills: [], yearsOfExperience: 2 }),
  );
});
afterEach(() => setDbForTests(null));

function setup(idleMs = 10_000) {
  const workers: FakeWorker[] = [];
  const client = createScoreClient(
    () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    { idleMs },
  );
  const idle = () =>
    new Promise<void>((resolve) => {
      const stop = client.subscribe(() => {
        if (!client.getStatus().running) {
          stop();
          resolve();
        }
      });
    });
  return { client, workers, idle };
}

const rescores = (worker: FakeWorker | undefined) =>
  worker?.sent.filter((m) => m.type === 'rescore').length;

describe('score client', () => {
  it('starts the worker on demand and records the finished run', async () => {
    const { client, workers, idle } = setup();
    expect(client.isAlive()).toBe(false);
    const finished = idle();
    client.request('v1');
    expect(client.getStatus().running).toBe(true);
    await finished;
    expect(workers).toHaveLength(1);
    expect(client.getStatus().last).toMatchObject({ mode: 'full', total: 40, done: 40 });
    const measures = performance.getEntriesByName(RESCORE_MEASURE);
    expect(measures.at(-1)).toMatchObject({ detail: { total: 40 } });
  });

  it('coalesces requests for the same version into one follow-up run', async () => {
    const { client, workers, idle } = setup();
    const finished = idle();
    client.request('v1');
    client.request('v1');
    client.request('v1');
    await finished;
    expect(rescores(workers[0])).toBe(2);
    expect(client.getStatus().last).toMatchObject({ mode: 'incremental', total: 0 });
  });

  it('cancels the running rescore when the profile version changes', async () => {
    const { client, workers, idle } = setup();
    const finished = idle();
    client.request('v1');
    client.request('v2');
    await finished;
    const sent = workers[0]?.sent ?? [];
    expect(sent.map((m) => m.type)).toEqual(['rescore', 'cancel', 'rescore']);
    expect(sent[1]?.runId).toBe(sent[0]?.runId);
  });

  it('shuts the worker down when idle and starts a new one when needed', async () => {
    const { client, workers, idle } = setup(20);
    let finished = idle();
    client.request('v1');
    await finished;
    expect(client.isAlive()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(workers[0]?.terminated).toBe(true);
    expect(client.isAlive()).toBe(false);
    finished = idle();
    client.request('v1');
    await finished;
    expect(workers).toHaveLength(2);
  });
});
