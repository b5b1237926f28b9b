/**
 * A job's pipeline (issue 20): one query per job, persisted (app/query-client.ts) so a recruiter
 * who opened it once triages offline; stage moves and notes are outbox actions laid over it
 * (../pending-view.ts) until the server's copy shows them. The CV link is short-lived and signed,
 * so it is asked for when the user taps View CV.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  ApplicantCvLinkSchema,
  EvaluationAnswerSchema,
  PipelineSchema,
  type EvaluationInput,
} from '@/domain/contract/corporate-pipeline';
import { api } from '@/lib/api';

const DAY_MS = 24 * 60 * 60 * 1000;

export const pipelineKeys = {
  all: (userId: string) => ['corporate-pipeline', userId] as const,
  job: (userId: string, jobId: string) => [...pipelineKeys.all(userId), jobId] as const,
};

export const pipelineQuery = (userId: string, jobId: string) =>
  queryOptions({
    queryKey: pipelineKeys.job(userId, jobId),
    queryFn: ({ signal }) =>
      api
        .get(`/corporate/jobs/${encodeURIComponent(jobId)}/applicants`, {
          schema: PipelineSchema,
          signal,
        })
        .then((r) => r.data),
    // Another recruiter may move applicants too: ask again after a short while.
    staleTime: 15_000,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export function fetchApplicantCvLink(applicationId: string) {
  return api
    .get(`/corporate/applicants/${encodeURIComponent(applicationId)}/cv`, {
      schema: ApplicantCvLinkSchema,
    })
    .then((r) => r.data);
}

/** Evaluations are saved online (a form the user stays on until it is saved). */
export function saveEvaluation(applicationId: string, input: EvaluationInput) {
  return api
    .put(`/corporate/applicants/${encodeURIComponent(applicationId)}/evaluation`, {
      schema: EvaluationAnswerSchema,
      body: input,
    })
    .then((r) => r.data);
}
