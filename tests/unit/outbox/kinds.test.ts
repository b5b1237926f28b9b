import { describe, expect, it } from 'vitest';
import { ALREADY_SUBMITTED, OUTBOX_KINDS } from '@/lib/outbox/kinds';
import { MAX_RESTARTS, NetworkError, UPLOAD_TIMEOUT_MS, type StepResult } from '@/lib/outbox/model';
import type { OutboxEntry } from '@/lib/db/types';
import { API, JOBS_API, USER, applyPayload, makeAction, recordingContext, result } from './helpers';

const SCORES_MESSAGE = 'Match scores are still processing. Please try again in a few minutes.';

describe('first steps', () => {
  it('starts a CV upload at the signed URL and every other kind at its send', () => {
    const firstSteps = Object.fromEntries(
      Object.entries(OUTBOX_KINDS).map(([name, spec]) => [name, spec.firstStep]),
    );
    // The kinds written by earlier releases keep their first step (queued actions resume there).
    expect(firstSteps).toMatchObject({
      apply: 'send',
      externalApply: 'send',
      cvUpload: 'signedUrl',
      save: 'send',
      unsave: 'send',
      profileEdit: 'send',
      referralRequest: 'send',
      referralAcknowledge: 'send',
      refereeAccept: 'send',
      refereeDecline: 'send',
      refereeRefer: 'send',
    });
    const others = Object.entries(firstSteps).filter(([name]) => name !== 'cvUpload');
    expect(others.filter(([, step]) => step !== 'send')).toEqual([]);
  });
});

describe('apply', () => {
  const action = makeAction({ kind: 'apply', payload: applyPayload('job-7'), subject: 'job-7' });

  it('POSTs the application (without the UI-only jobTitle) to the jobs host', async () => {
    // The server's answer (server/applications/routes.ts): the stored application record.
    const stored = { data: { id: 'a1', jobId: 'job-7', userEmail: 'asha@example.com' } };
    const { context, calls } = recordingContext([result(201, stored)]);
    const step = await OUTBOX_KINDS.apply.execute(action, context);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${JOBS_API}/job-application/`,
        body: { jobId: 'job-7', companyName: 'Acme', jobPortal: 'referralhub', matchingScore: 72 },
      },
    ]);
    expect(calls[0]?.body).not.toHaveProperty('jobTitle');
    // No per-step key and auth left on: the action's own key and the bearer token are used.
    expect(calls[0]?.idempotencyKey).toBeUndefined();
    expect(calls[0]?.auth).toBeUndefined();
    expect(step).toEqual({ type: 'done', outcome: 'submitted', result: stored });
  });

  it('keeps referAndEarnId in the body', async () => {
    const { context, calls } = recordingContext([result(201)]);
    await OUTBOX_KINDS.apply.execute(
      makeAction({ kind: 'apply', payload: { ...applyPayload('j'), referAndEarnId: 'r-9' } }),
      context,
    );
    expect(calls[0]?.body).toMatchObject({ referAndEarnId: 'r-9' });
  });

  it("403 'Already submitted' is done as alreadySubmitted", async () => {
    const { context } = recordingContext([result(403, null, ALREADY_SUBMITTED)]);
    expect(ALREADY_SUBMITTED).toBe('Already submitted');
    expect(await OUTBOX_KINDS.apply.execute(action, context)).toEqual({
      type: 'done',
      outcome: 'alreadySubmitted',
    });
  });

  it('403 with another message fails with that message', async () => {
    const { context } = recordingContext([result(403, null, 'This account cannot apply for jobs')]);
    expect(await OUTBOX_KINDS.apply.execute(action, context)).toEqual({
      type: 'fail',
      error: 'This account cannot apply for jobs',
    });
  });

  it('409 scores still processing is retried (spec §8 "Failed to apply"; the cause ends by itself)', async () => {
    // The server does not keep a 409 under the Idempotency-Key (server/http/idempotency.ts),
    // so the retry with the same key really runs again.
    const { context } = recordingContext([result(409, null, SCORES_MESSAGE)]);
    expect(await OUTBOX_KINDS.apply.execute(action, context)).toEqual({
      type: 'retry',
      error: SCORES_MESSAGE,
    });
  });

  it('503 is retried, 401 waits for a token, 400 fails', async () => {
    const { context } = recordingContext([
      result(503, null, 'Service unavailable'),
      result(401, null, 'Unauthorized'),
      result(400, null, 'Invalid application'),
    ]);
    expect(await OUTBOX_KINDS.apply.execute(action, context)).toEqual({
      type: 'retry',
      error: 'Service unavailable',
    });
    expect(await OUTBOX_KINDS.apply.execute(action, context)).toMatchObject({ type: 'auth' });
    expect(await OUTBOX_KINDS.apply.execute(action, context)).toEqual({
      type: 'fail',
      error: 'Invalid application',
    });
  });

  it('lets a network error through to the drainer', async () => {
    const { context } = recordingContext([new NetworkError('No connection')]);
    await expect(OUTBOX_KINDS.apply.execute(action, context)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('externalApply', () => {
  const action = makeAction({
    kind: 'externalApply',
    payload: {
      jobId: 'ext-1',
      jobPortal: 'LinkedIn',
      jobUrl: 'https://example.com/jobs/1',
      matchingScore: null,
      companyName: 'Other Co',
      jobTitle: 'Analyst',
    },
  });

  it('POSTs jobId, jobPortal, jobUrl and matchingScore only (spec §7)', async () => {
    const { context, calls } = recordingContext([result(201, { data: { id: 'e1' } })]);
    expect(await OUTBOX_KINDS.externalApply.execute(action, context)).toEqual({
      type: 'done',
      outcome: 'submitted',
      result: { data: { id: 'e1' } },
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${JOBS_API}/external-job-application/`,
        body: {
          jobId: 'ext-1',
          jobPortal: 'LinkedIn',
          jobUrl: 'https://example.com/jobs/1',
          matchingScore: null,
        },
      },
    ]);
  });

  it('has the same outcomes as apply', async () => {
    const { context } = recordingContext([
      result(403, null, ALREADY_SUBMITTED),
      result(403, null, 'Forbidden'),
      result(500),
      result(404, null, 'Job not found'),
    ]);
    expect(await OUTBOX_KINDS.externalApply.execute(action, context)).toEqual({
      type: 'done',
      outcome: 'alreadySubmitted',
    });
    expect(await OUTBOX_KINDS.externalApply.execute(action, context)).toEqual({
      type: 'fail',
      error: 'Forbidden',
    });
    expect(await OUTBOX_KINDS.externalApply.execute(action, context)).toMatchObject({
      type: 'retry',
    });
    expect(await OUTBOX_KINDS.externalApply.execute(action, context)).toEqual({
      type: 'fail',
      error: 'Job not found',
    });
  });
});

describe('cvUpload', () => {
  const file = new Blob(['%PDF-1.4 fake'], { type: 'application/pdf' });
  const payload = { email: 'a.b+c@example.com', userId: USER, file, fileName: 'cv.pdf' };
  const signed = {
    awsS3SignedUrl: 'https://storage.test/bucket/cv-123.pdf?X-Amz-Signature=abc',
    awsS3Tag: 'purpose=resume',
    cloudFileName: 'cv-123.pdf',
  };
  const base = makeAction({
    kind: 'cvUpload',
    idempotencyKey: 'cv-key-0001',
    subject: 'cv.pdf',
    payload,
    step: 'signedUrl',
  });

  /** Applies an `advance` the way recordResult does (step and step data replaced). */
  function advanced(action: OutboxEntry, step: StepResult): OutboxEntry {
    if (step.type !== 'advance') throw new Error(`expected advance, got ${JSON.stringify(step)}`);
    return { ...action, step: step.step, stepData: step.stepData ?? {} };
  }

  // The server's answer to the PATCH (server/cv/routes.ts).
  const patched = { data: { email: payload.email, CV: 'cv.pdf', isCvExtracted: false } };

  it('runs signedUrl → put → patch → done', async () => {
    const { context, calls } = recordingContext([
      result(200, signed),
      result(200),
      result(200, patched),
    ]);
    const first = await OUTBOX_KINDS.cvUpload.execute(base, context);
    expect(first).toEqual({
      type: 'advance',
      step: 'put',
      stepData: {
        restarts: 0,
        signed: {
          url: signed.awsS3SignedUrl,
          tag: signed.awsS3Tag,
          cloudFileName: signed.cloudFileName,
        },
      },
    });
    const atPut = advanced(base, first);
    const second = await OUTBOX_KINDS.cvUpload.execute(atPut, context);
    expect(second).toMatchObject({ type: 'advance', step: 'patch' });
    const atPatch = advanced(atPut, second);
    expect(await OUTBOX_KINDS.cvUpload.execute(atPatch, context)).toEqual({
      type: 'done',
      outcome: 'uploaded',
      result: patched,
    });

    const [getUrl, put, patch] = calls;
    expect(getUrl).toMatchObject({
      method: 'POST',
      url: `${API}/file/gsu2u/USER_RESUME`,
      body: {
        userId: 'user-1',
        resumeUserFileName: 'cv.pdf',
        resumeFileMimeType: 'application/pdf',
      },
    });
    expect(getUrl?.auth).toBeUndefined();

    // The PUT goes to the signed URL with the Blob itself, no bearer token, and the tag header.
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe(signed.awsS3SignedUrl);
    expect(put?.body).toBe(file);
    expect(put?.auth).toBe(false);
    expect(put?.headers).toEqual({
      'content-type': 'application/pdf',
      'x-amz-tagging': 'purpose=resume',
    });
    expect(put?.timeoutMs).toBe(UPLOAD_TIMEOUT_MS);

    expect(patch).toMatchObject({
      method: 'PATCH',
      url: `${API}/user/${encodeURIComponent(payload.email)}/cv`,
      body: { isCvExtracted: false, resume: 'cv-123.pdf', userCvFileName: 'cv.pdf' },
    });
    expect(patch?.url).toContain('a.b%2Bc%40example.com');
    expect(patch?.auth).toBeUndefined();

    // Per-step keys: derived from the action's key, all different.
    const keys = calls.map((c) => c.idempotencyKey);
    expect(keys.every((k) => typeof k === 'string' && k.startsWith('cv-key-0001'))).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it('sends no x-amz-tagging header when the signed URL has no tag', async () => {
    const { context, calls } = recordingContext([
      result(200, { awsS3SignedUrl: signed.awsS3SignedUrl, cloudFileName: 'c.pdf' }),
      result(200),
    ]);
    const atPut = advanced(base, await OUTBOX_KINDS.cvUpload.execute(base, context));
    await OUTBOX_KINDS.cvUpload.execute(atPut, context);
    expect(calls[1]?.headers).toEqual({ 'content-type': 'application/pdf' });
  });

  it('looks the user id up first when the upload was queued without one', async () => {
    const { context, calls } = recordingContext([
      result(200, { data: { userId: 'user-from-server' } }),
      result(200, signed),
    ]);
    const anonymous = { ...base, payload: { ...payload, userId: '' } };
    expect(await OUTBOX_KINDS.cvUpload.execute(anonymous, context)).toMatchObject({
      type: 'advance',
      step: 'put',
    });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', `${API}/user/basic-details`],
      ['POST', `${API}/file/gsu2u/USER_RESUME`],
    ]);
    expect(calls[1]?.body).toMatchObject({ userId: 'user-from-server' });
  });

  it('does not look the user id up when the payload has one', async () => {
    const { context, calls } = recordingContext([result(200, signed)]);
    await OUTBOX_KINDS.cvUpload.execute(base, context);
    expect(calls.map((c) => c.method)).toEqual(['POST']);
    expect(calls[0]?.body).toMatchObject({ userId: USER });
  });

  it('a failed user-id lookup: 5xx retries, 401 waits for a token, no user id fails', async () => {
    const anonymous = { ...base, payload: { ...payload, userId: '' } };
    const { context, calls } = recordingContext([
      result(503),
      result(401),
      result(200, { data: {} }),
    ]);
    expect(await OUTBOX_KINDS.cvUpload.execute(anonymous, context)).toMatchObject({
      type: 'retry',
    });
    expect(await OUTBOX_KINDS.cvUpload.execute(anonymous, context)).toMatchObject({ type: 'auth' });
    expect(await OUTBOX_KINDS.cvUpload.execute(anonymous, context)).toMatchObject({ type: 'fail' });
    // No signed URL was asked for without a user id.
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('retries when the signed-URL answer is not understood', async () => {
    const { context } = recordingContext([result(200, { something: 'else' })]);
    expect(await OUTBOX_KINDS.cvUpload.execute(base, context)).toMatchObject({ type: 'retry' });
  });

  it('a put step without a usable signed URL asks for one first', async () => {
    const { context, calls } = recordingContext([result(200, signed)]);
    const broken = { ...base, step: 'put', stepData: { restarts: 1, signed: { url: 5 } } };
    expect(await OUTBOX_KINDS.cvUpload.execute(broken, context)).toMatchObject({
      type: 'advance',
      step: 'put',
      stepData: { restarts: 1 },
    });
    expect(calls[0]?.url).toBe(`${API}/file/gsu2u/USER_RESUME`);
  });

  it('a PUT 403 (expired link) goes back to signedUrl with restarts+1 and new keys', async () => {
    const { context, calls } = recordingContext([
      result(200, signed),
      result(403, null, 'Request has expired'),
      result(200, { ...signed, awsS3SignedUrl: 'https://storage.test/bucket/cv-2.pdf?sig=2' }),
      result(200),
    ]);
    const atPut = advanced(base, await OUTBOX_KINDS.cvUpload.execute(base, context));
    const back = await OUTBOX_KINDS.cvUpload.execute(atPut, context);
    expect(back).toEqual({ type: 'advance', step: 'signedUrl', stepData: { restarts: 1 } });
    const again = advanced(atPut, back);
    const atPut2 = advanced(again, await OUTBOX_KINDS.cvUpload.execute(again, context));
    expect(atPut2.stepData).toMatchObject({ restarts: 1 });
    await OUTBOX_KINDS.cvUpload.execute(atPut2, context);
    expect(calls[3]?.url).toBe('https://storage.test/bucket/cv-2.pdf?sig=2');

    const keys = calls.map((c) => c.idempotencyKey);
    // signedUrl#0, put#0, signedUrl#1, put#1: four distinct keys (a replay never meets a 422).
    expect(new Set(keys).size).toBe(4);
  });

  it(`fails after ${MAX_RESTARTS} restarts`, async () => {
    const atPut = (restarts: number): OutboxEntry => ({
      ...base,
      step: 'put',
      stepData: {
        restarts,
        signed: { url: signed.awsS3SignedUrl, tag: '', cloudFileName: 'cv-123.pdf' },
      },
    });
    const { context } = recordingContext(() => result(403, null, 'Request has expired'));
    expect(await OUTBOX_KINDS.cvUpload.execute(atPut(MAX_RESTARTS - 1), context)).toEqual({
      type: 'advance',
      step: 'signedUrl',
      stepData: { restarts: MAX_RESTARTS },
    });
    expect(await OUTBOX_KINDS.cvUpload.execute(atPut(MAX_RESTARTS), context)).toEqual({
      type: 'fail',
      error: 'Request has expired',
    });
  });

  it('a PATCH 404 (upload lost) restarts; a PATCH 5xx retries; PATCH 400 fails', async () => {
    const atPatch: OutboxEntry = {
      ...base,
      step: 'patch',
      stepData: {
        restarts: 2,
        signed: { url: signed.awsS3SignedUrl, tag: '', cloudFileName: 'cv-123.pdf' },
      },
    };
    const { context } = recordingContext([
      result(404, null, 'Uploaded CV not found'),
      result(502),
      result(400, null, 'Bad file'),
      result(404),
    ]);
    expect(await OUTBOX_KINDS.cvUpload.execute(atPatch, context)).toEqual({
      type: 'advance',
      step: 'signedUrl',
      stepData: { restarts: 3 },
    });
    expect(await OUTBOX_KINDS.cvUpload.execute(atPatch, context)).toMatchObject({ type: 'retry' });
    expect(await OUTBOX_KINDS.cvUpload.execute(atPatch, context)).toEqual({
      type: 'fail',
      error: 'Bad file',
    });
    expect(
      await OUTBOX_KINDS.cvUpload.execute(
        { ...atPatch, stepData: { ...atPatch.stepData, restarts: 3 } },
        context,
      ),
    ).toEqual({ type: 'fail', error: 'Uploaded CV not found' });
  });

  it('a PUT 5xx is retried at the same step; a signed-URL 401 waits for a token', async () => {
    const atPut: OutboxEntry = {
      ...base,
      step: 'put',
      stepData: {
        restarts: 0,
        signed: { url: signed.awsS3SignedUrl, tag: '', cloudFileName: 'cv-123.pdf' },
      },
    };
    const { context } = recordingContext([result(503), result(401)]);
    expect(await OUTBOX_KINDS.cvUpload.execute(atPut, context)).toMatchObject({ type: 'retry' });
    expect(await OUTBOX_KINDS.cvUpload.execute(base, context)).toMatchObject({ type: 'auth' });
  });

  it('repeats a step with the same key (a replay), but uses another after a restart', async () => {
    const { context, calls } = recordingContext(() => result(503));
    await OUTBOX_KINDS.cvUpload.execute(base, context);
    await OUTBOX_KINDS.cvUpload.execute(base, context);
    await OUTBOX_KINDS.cvUpload.execute({ ...base, stepData: { restarts: 1 } }, context);
    expect(calls[0]?.idempotencyKey).toBe(calls[1]?.idempotencyKey);
    expect(calls[2]?.idempotencyKey).not.toBe(calls[0]?.idempotencyKey);
  });
});

describe('save and unsave', () => {
  const save = makeAction({ kind: 'save', payload: { jobId: 'job/9', note: 'later' } });
  const unsave = makeAction({ kind: 'unsave', payload: { jobId: 'job/9' } });

  it('save PUTs /saved-jobs/{id} with the note', async () => {
    const { context, calls } = recordingContext([result(200)]);
    expect(await OUTBOX_KINDS.save.execute(save, context)).toEqual({
      type: 'done',
      outcome: 'saved',
    });
    expect(calls).toEqual([
      { method: 'PUT', url: `${API}/saved-jobs/job%2F9`, body: { note: 'later' } },
    ]);
  });

  it('save without a note sends note null', async () => {
    const { context, calls } = recordingContext([result(204)]);
    await OUTBOX_KINDS.save.execute(
      makeAction({ kind: 'save', payload: { jobId: 'j1' } }),
      context,
    );
    expect(calls[0]?.body).toEqual({ note: null });
  });

  it('unsave DELETEs /saved-jobs/{id} without a body', async () => {
    const { context, calls } = recordingContext([result(204)]);
    expect(await OUTBOX_KINDS.unsave.execute(unsave, context)).toEqual({
      type: 'done',
      outcome: 'unsaved',
    });
    expect(calls).toEqual([{ method: 'DELETE', url: `${API}/saved-jobs/job%2F9` }]);
  });

  it('unsave of a job the server never had (404) is done', async () => {
    const { context } = recordingContext([result(404, null, 'Not found')]);
    expect(await OUTBOX_KINDS.unsave.execute(unsave, context)).toEqual({
      type: 'done',
      outcome: 'unsaved',
    });
  });

  it('save 404 fails; 5xx retries; 401 waits for a token', async () => {
    const { context } = recordingContext([
      result(404, null, 'Job not found'),
      result(500),
      result(401),
    ]);
    expect(await OUTBOX_KINDS.save.execute(save, context)).toEqual({
      type: 'fail',
      error: 'Job not found',
    });
    expect(await OUTBOX_KINDS.unsave.execute(unsave, context)).toMatchObject({ type: 'retry' });
    expect(await OUTBOX_KINDS.save.execute(save, context)).toMatchObject({ type: 'auth' });
  });
});

describe('profileEdit', () => {
  it('PATCHes /user/{email}/profile with the changes (not the email)', async () => {
    // The server answers with the basic details (server/users/profile-routes.ts).
    const details = { userId: 'u1', fullName: 'Ada', email: 'x@example.com', location: 'Pune' };
    const { context, calls } = recordingContext([result(200, { data: details })]);
    const action = makeAction({
      kind: 'profileEdit',
      payload: { email: 'x@example.com', fullName: 'Ada', location: 'Pune' },
    });
    expect(await OUTBOX_KINDS.profileEdit.execute(action, context)).toEqual({
      type: 'done',
      outcome: 'saved',
      // Parsed with the contract's schema: its defaults filled in.
      result: { data: { ...details, coreSkills: [], softSkills: [], isCvExtracted: false } },
    });
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: `${API}/user/x%40example.com/profile`,
        body: { fullName: 'Ada', location: 'Pune' },
      },
    ]);
  });
});
