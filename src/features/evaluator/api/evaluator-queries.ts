/**
 * The evaluator's reads (issue 21 item 4; contract src/domain/contract/assessments.ts). The queue
 * and the people opened are persisted (app/query-client.ts), so an evaluator who opened them once
 * can keep assessing offline; assessments themselves are outbox actions (assessmentCreate).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  AssessmentHistorySchema,
  EvaluatedPersonOneSchema,
  PersonCvLinkSchema,
  QueueSchema,
} from '@/domain/contract/assessments';
import { api } from '@/lib/api';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Shown from the saved copy at once (offline too), and asked again on every visit: another
 * evaluator or a new referral request may have changed it. */
const SAVED = { staleTime: 0, gcTime: DAY_MS, meta: { persist: true } } as const;

const person = (userId: string) => `/evaluator/people/${encodeURIComponent(userId)}`;

export const evaluatorKeys = {
  all: (sub: string) => ['evaluator', sub] as const,
  queue: (sub: string) => [...evaluatorKeys.all(sub), 'queue'] as const,
  person: (sub: string, userId: string) => [...evaluatorKeys.all(sub), 'person', userId] as const,
  history: (sub: string, userId: string) => [...evaluatorKeys.all(sub), 'history', userId] as const,
};

export const queueQuery = (sub: string) =>
  queryOptions({
    queryKey: evaluatorKeys.queue(sub),
    queryFn: ({ signal }) =>
      api.get('/evaluator/queue', { schema: QueueSchema, signal }).then((r) => r.data),
    ...SAVED,
  });

export const personQuery = (sub: string, userId: string) =>
  queryOptions({
    queryKey: evaluatorKeys.person(sub, userId),
    queryFn: ({ signal }) =>
      api.get(person(userId), { schema: EvaluatedPersonOneSchema, signal }).then((r) => r.data),
    ...SAVED,
  });

export const historyQuery = (sub: string, userId: string) =>
  queryOptions({
    queryKey: evaluatorKeys.history(sub, userId),
    queryFn: ({ signal }) =>
      api
        .get(`${person(userId)}/assessments`, { schema: AssessmentHistorySchema, signal })
        .then((r) => r.data),
    ...SAVED,
  });

/** A 5-minute signed link, asked for when the evaluator taps View CV. */
export function fetchPersonCvLink(userId: string) {
  return api.get(`${person(userId)}/cv`, { schema: PersonCvLinkSchema }).then((r) => r.data);
}
