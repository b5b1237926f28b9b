/**
 * The job form's values, saved on the device as they are typed (issue 20: a draft survives a
 * reload, a lost connection and a crash). Opening the form restores the device's draft first,
 * else the job as the server has it, else an empty form (a new job). Every change is written to
 * IndexedDB after a short pause, and at once when the page is hidden (a tab closed or the app
 * sent to the background), so at most the last keystrokes before a crash are lost.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useAutosave } from '@/lib/autosave';
import { corporateJobQuery } from '@/lib/corporate/jobs-queries';
import { getJobDraft, putJobDraft } from '@/lib/db';
import type { CorporateJobSavePayload } from '@/lib/outbox';
import {
  draftValues,
  EMPTY_JOB_FORM,
  fromBody,
  fromJob,
  type JobFormValues,
} from './job-form-model';

export type DraftState =
  | { status: 'loading' }
  /** Offline, with neither a draft nor a cached copy of this job. */
  | { status: 'unavailable' }
  | {
      status: 'ready';
      values: JobFormValues;
      /** The server has this job (or a queued post will create it): saves are edits. */
      onServer: boolean;
      /** Where the values came from: the device's draft, the server, or nothing yet. */
      source: 'device' | 'server' | 'new';
      savedAt: number | null;
    };

/**
 * `queued`: the newest save of this job still in the outbox, if any (its values are the job's
 * latest until the server has it).
 */
export function useJobDraft(
  userId: string,
  jobId: string,
  queued: CorporateJobSavePayload | null,
  /** Chosen on this device by Post a job: new when the server cannot be asked (offline). */
  fresh = false,
) {
  const queuedCreate = queued !== null;
  const [draft, setDraft] = useState<{ values: unknown; onServer: boolean; at: number } | null>();
  const server = useQuery(corporateJobQuery(userId, jobId));
  const [edited, setEdited] = useState<{ values: JobFormValues; at: number } | null>(null);

  useEffect(() => {
    let live = true;
    void getJobDraft(userId, jobId).then((row) => {
      if (live)
        setDraft(row ? { values: row.values, onServer: row.onServer, at: row.updatedAt } : null);
    });
    return () => {
      live = false;
    };
  }, [userId, jobId]);

  const notFound = server.error instanceof ApiError && server.error.status === 404;
  // No answer to wait for: the call failed, or waits for a connection that is not there (an
  // app opened offline pauses its queries rather than failing them, app/query-client.ts).
  const unanswered = server.isError || server.fetchStatus === 'paused';
  const onServer = Boolean(draft?.onServer || server.data || queuedCreate);

  let state: DraftState = { status: 'loading' };
  const restored = draft ? draftValues(draft.values) : null;
  if (edited) {
    state = {
      status: 'ready',
      values: edited.values,
      onServer,
      source: 'device',
      savedAt: edited.at,
    };
  } else if (restored && draft) {
    state = { status: 'ready', values: restored, onServer, source: 'device', savedAt: draft.at };
  } else if (draft === undefined) {
    state = { status: 'loading' };
  } else if (server.data) {
    state = {
      status: 'ready',
      values: fromJob(server.data),
      onServer,
      source: 'server',
      savedAt: null,
    };
  } else if (queued) {
    state = {
      status: 'ready',
      values: fromBody(queued.job),
      onServer,
      source: 'device',
      savedAt: null,
    };
  } else if (notFound || (fresh && unanswered)) {
    state = { status: 'ready', values: EMPTY_JOB_FORM, onServer, source: 'new', savedAt: null };
  } else if (unanswered) {
    state = { status: 'unavailable' };
  }

  // `forget`, after a save was queued: the draft is gone from the device, nothing more to write.
  const { schedule, cancel: forget } = useAutosave(
    (next: { values: JobFormValues; onServer: boolean }) => {
      void putJobDraft({
        userId,
        jobId,
        onServer: next.onServer,
        values: next.values,
        updatedAt: Date.now(),
      });
    },
  );

  const change = useCallback(
    (values: JobFormValues) => {
      setEdited({ values, at: Date.now() });
      schedule({ values, onServer });
    },
    [schedule, onServer],
  );

  return { state, change, forget, serverJob: server.data };
}
