/**
 * What each kind of action sends, step by step (spec §7 calls, issue 6). An executor runs the
 * action's current step and says what comes next; the drainer persists that, so a retry resumes
 * at the step that did not finish.
 *
 * - apply: `POST {jobs}/job-application/`. 201 → submitted; 403 "Already submitted" → done as
 *   alreadySubmitted (spec §4: redundant, state applied); 409 "scores still processing" (spec §8
 *   "Failed to apply") → retried with backoff, since the CV parse that causes it ends by itself.
 * - externalApply: `POST {jobs}/external-job-application/`, the same outcomes.
 * - cvUpload: signedUrl (`POST /file/gsu2u/USER_RESUME`, after `GET /user/basic-details` when the
 *   user id was not known on the device) → put (`PUT {signed URL}`, the PDF
 *   Blob kept in IndexedDB) → patch (`PATCH /user/{email}/cv`, isCvExtracted false). A signed URL
 *   that expired or was used (403 on the PUT), or an upload the server lost (404 on the PATCH),
 *   goes back for a fresh URL, at most MAX_RESTARTS times.
 * - save / unsave: `PUT` / `DELETE /saved-jobs/{jobId}` (idempotent by nature).
 *
 * Each request carries an Idempotency-Key. Steps that can run again with a different body (a CV
 * upload after a restart) get a key derived from the action's key, the step and the restart
 * count, so a replay never meets "same key, different request" (422).
 */
import { classifyFailure, isOk } from './classify';
import {
  MAX_RESTARTS,
  UPLOAD_TIMEOUT_MS,
  type Executor,
  type OutboxEntry,
  type OutboxKind,
  type StepResult,
} from './model';

export const ALREADY_SUBMITTED = 'Already submitted';
export const SCORES_PROCESSING = /scores? (are )?still processing/i;

export interface ApplyPayload {
  readonly jobId: string;
  readonly companyName: string;
  readonly jobPortal: string;
  readonly matchingScore?: number | null;
  readonly referAndEarnId?: string;
  /** For the UI only (not sent): what the candidate applied to. */
  readonly jobTitle?: string;
}

export interface ExternalApplyPayload {
  readonly jobId: string;
  readonly jobPortal: string;
  readonly jobUrl: string;
  readonly matchingScore?: number | null;
  readonly companyName?: string;
  readonly jobTitle?: string;
}

export interface CvUploadPayload {
  readonly email: string;
  readonly userId: string;
  readonly file: Blob;
  readonly fileName: string;
}

export interface SavedJobPayload {
  readonly jobId: string;
  readonly note?: string;
}

export interface PayloadByKind {
  apply: ApplyPayload;
  externalApply: ExternalApplyPayload;
  cvUpload: CvUploadPayload;
  save: SavedJobPayload;
  unsave: SavedJobPayload;
  profileEdit: Record<string, unknown>;
}

/** The step a new action of each kind starts at. */
export const FIRST_STEP: Record<OutboxKind, string> = {
  apply: 'send',
  externalApply: 'send',
  cvUpload: 'signedUrl',
  save: 'send',
  unsave: 'send',
  profileEdit: 'send',
};

function payloadOf<K extends OutboxKind>(action: OutboxEntry, _kind: K): PayloadByKind[K] {
  return action.payload as PayloadByKind[K];
}

function applicationOutcome(response: { status: number; errorMsg: string | null }): StepResult {
  if (response.status === 403 && response.errorMsg === ALREADY_SUBMITTED) {
    return { type: 'done', outcome: 'alreadySubmitted' };
  }
  // Transient by nature (the CV is being read) and not kept under the Idempotency-Key by the
  // server (server/http/idempotency.ts): the queued application tries again by itself.
  if (response.status === 409 && SCORES_PROCESSING.test(response.errorMsg ?? '')) {
    return { type: 'retry', error: response.errorMsg ?? 'Match scores are still processing' };
  }
  return classifyFailure({ ...response, data: null });
}

const apply: Executor = async (action, context) => {
  const { jobTitle: _forUi, ...body } = payloadOf(action, 'apply');
  const response = await context.send({
    method: 'POST',
    url: `${context.jobsApiUrl}/job-application/`,
    body,
  });
  return isOk(response)
    ? { type: 'done', outcome: 'submitted', result: response.data }
    : applicationOutcome(response);
};

const externalApply: Executor = async (action, context) => {
  const { jobTitle: _title, companyName: _company, ...body } = payloadOf(action, 'externalApply');
  const response = await context.send({
    method: 'POST',
    url: `${context.jobsApiUrl}/external-job-application/`,
    body,
  });
  return isOk(response)
    ? { type: 'done', outcome: 'submitted', result: response.data }
    : applicationOutcome(response);
};

interface SignedUrl {
  readonly url: string;
  readonly tag: string;
  readonly cloudFileName: string;
}

function readSignedUrl(data: unknown): SignedUrl | null {
  const d = data as { awsS3SignedUrl?: unknown; awsS3Tag?: unknown; cloudFileName?: unknown };
  if (typeof d !== 'object' || d === null) return null;
  if (typeof d.awsS3SignedUrl !== 'string' || typeof d.cloudFileName !== 'string') return null;
  return {
    url: d.awsS3SignedUrl,
    tag: typeof d.awsS3Tag === 'string' ? d.awsS3Tag : '',
    cloudFileName: d.cloudFileName,
  };
}

/** The signed URL as the signedUrl step stored it in stepData (not the server's field names). */
function storedSignedUrl(value: unknown): SignedUrl | null {
  const s = value as Partial<Record<keyof SignedUrl, unknown>> | null;
  if (typeof s !== 'object' || s === null) return null;
  if (typeof s.url !== 'string' || typeof s.cloudFileName !== 'string') return null;
  return {
    url: s.url,
    tag: typeof s.tag === 'string' ? s.tag : '',
    cloudFileName: s.cloudFileName,
  };
}

function restartsOf(action: OutboxEntry): number {
  const value = action.stepData?.restarts;
  return typeof value === 'number' ? value : 0;
}

/** Back to a fresh signed URL, or failed when that has happened too often already. */
function restart(action: OutboxEntry, why: string): StepResult {
  const restarts = restartsOf(action) + 1;
  if (restarts > MAX_RESTARTS) return { type: 'fail', error: why };
  return { type: 'advance', step: 'signedUrl', stepData: { restarts } };
}

const cvUpload: Executor = async (action, context) => {
  const payload = payloadOf(action, 'cvUpload');
  const restarts = restartsOf(action);
  const stepKey = `${action.idempotencyKey}.${action.step}.${restarts}`;
  const signed = storedSignedUrl(action.stepData?.signed);

  if (action.step === 'signedUrl' || !signed) {
    // Queued before the profile was ever loaded on this device: look the user id up first.
    let userId = payload.userId;
    if (!userId) {
      const details = await context.send({
        method: 'GET',
        url: `${context.apiUrl}/user/basic-details`,
      });
      if (!isOk(details)) return classifyFailure(details);
      const found = (details.data as { data?: { userId?: unknown } } | null)?.data?.userId;
      if (typeof found !== 'string' || !found)
        return { type: 'fail', error: 'Your profile could not be found' };
      userId = found;
    }
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/file/gsu2u/USER_RESUME`,
      body: {
        userId,
        resumeUserFileName: payload.fileName,
        resumeFileMimeType: 'application/pdf',
      },
      idempotencyKey: stepKey,
    });
    if (!isOk(response)) return classifyFailure(response);
    const next = readSignedUrl(response.data);
    if (!next) return { type: 'retry', error: 'The upload link was not understood' };
    return { type: 'advance', step: 'put', stepData: { restarts, signed: next } };
  }

  if (action.step === 'put') {
    const response = await context.send({
      method: 'PUT',
      url: signed.url,
      body: payload.file,
      headers: {
        'content-type': 'application/pdf',
        ...(signed.tag ? { 'x-amz-tagging': signed.tag } : {}),
      },
      auth: false,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      idempotencyKey: stepKey,
    });
    if (isOk(response)) {
      return { type: 'advance', step: 'patch', stepData: { restarts, signed } };
    }
    // Expired, or already used by a PUT whose answer we never saw: ask for a fresh link.
    if (response.status === 403) return restart(action, response.errorMsg ?? 'Upload link refused');
    return classifyFailure(response);
  }

  const response = await context.send({
    method: 'PATCH',
    url: `${context.apiUrl}/user/${encodeURIComponent(payload.email)}/cv`,
    body: { isCvExtracted: false, resume: signed.cloudFileName, userCvFileName: payload.fileName },
    idempotencyKey: stepKey,
  });
  if (isOk(response)) return { type: 'done', outcome: 'uploaded', result: response.data };
  if (response.status === 404) return restart(action, response.errorMsg ?? 'Uploaded CV not found');
  return classifyFailure(response);
};

function savedJob(method: 'PUT' | 'DELETE'): Executor {
  return async (action, context) => {
    const payload = payloadOf(action, 'save');
    const response = await context.send({
      method,
      url: `${context.apiUrl}/saved-jobs/${encodeURIComponent(payload.jobId)}`,
      ...(method === 'PUT' ? { body: { note: payload.note ?? null } } : {}),
    });
    if (isOk(response)) return { type: 'done', outcome: method === 'PUT' ? 'saved' : 'unsaved' };
    // Unsaving something the server never had is what the user wanted anyway.
    if (method === 'DELETE' && response.status === 404) return { type: 'done', outcome: 'unsaved' };
    return classifyFailure(response);
  };
}

const profileEdit: Executor = async (action, context) => {
  const { email, ...changes } = action.payload as { email: string } & Record<string, unknown>;
  const response = await context.send({
    method: 'PATCH',
    url: `${context.apiUrl}/user/${encodeURIComponent(email)}/profile`,
    body: changes,
  });
  return isOk(response)
    ? { type: 'done', outcome: 'saved', result: response.data }
    : classifyFailure(response);
};

export const EXECUTORS: Record<OutboxKind, Executor> = {
  apply,
  externalApply,
  cvUpload,
  save: savedJob('PUT'),
  unsave: savedJob('DELETE'),
  profileEdit,
};
