/**
 * The referee's inbox (issue 17 parts 2 and 3): the requests offered to this referee, newest and
 * unanswered first (the server's order). It reads the persisted `GET /referee/offers` answer, so
 * it opens offline; Accept, Decline and Mark as referred are outbox actions (sent exactly once,
 * shown at once as done with "Waiting to send"), and an answer that found the request gone is
 * said plainly on its card.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RefereeInboxItem } from '@/domain/contract/referees';
import type { SessionSummary } from '@/lib/auth';
import {
  NO_LONGER_OFFERED,
  enqueueAction,
  refereeSubject,
  useOutboxActions,
  useOutboxEvents,
} from '@/lib/outbox';
import { refereeKeys, refereeOffersQuery } from '@/lib/referrals';
import { REFEREE_KINDS, firstName, offerView } from '../offer-view';
import { OfferCard } from './offer-card';
import { QueryLoading } from '@/lib/ui/query-loading';
import { showsSavedCopy } from '@/lib/api';

export function Inbox({ session }: { session: SessionSummary }) {
  const queryClient = useQueryClient();
  // Opening the inbox always asks the server (the header's count may have read it moments before
  // a request was passed on to this referee); the saved copy shows meanwhile and offline.
  const offers = useQuery({ ...refereeOffersQuery(session.sub), refetchOnMount: 'always' });
  const actions = useOutboxActions(session.sub).filter((a) => REFEREE_KINDS.has(a.kind));
  const [ended, setEnded] = useState<ReadonlySet<string>>(new Set());
  useOutboxEvents((event) => {
    if (event.type !== 'changed' || !REFEREE_KINDS.has(event.kind) || event.state !== 'done') {
      return;
    }
    if (event.outcome === NO_LONGER_OFFERED) setEnded((prev) => new Set(prev).add(event.subject));
    void queryClient.invalidateQueries({ queryKey: refereeKeys.all(session.sub) });
  });
  const items = offers.data ?? [];

  function queue(
    item: RefereeInboxItem,
    kind: 'refereeAccept' | 'refereeDecline' | 'refereeRefer',
    extra: Record<string, unknown> = {},
  ) {
    const base = {
      requestId: item.requestId,
      candidateName: firstName(item.candidate.name),
      ...((item.job.title ?? item.jobTitle) ? { jobTitle: item.job.title ?? item.jobTitle! } : {}),
    };
    void enqueueAction({
      kind,
      userId: session.sub,
      subject: refereeSubject(item.requestId),
      payload: { ...base, ...extra },
    });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="referee-inbox-heading">
      <Title order={2} size="h3" id="referee-inbox-heading">
        Referral requests
      </Title>
      {showsSavedCopy(offers) && items.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="inbox-offline">
          Showing the requests saved on this device.
        </Text>
      )}
      {offers.isPending && items.length === 0 ? (
        <QueryLoading query={offers} skeletons={[140, 140]} />
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="inbox-empty">
          {offers.isError
            ? 'Your requests could not be loaded. Check your connection and try again.'
            : 'No requests for you yet. We will notify you when a candidate matches your company.'}
        </Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => {
            const subject = refereeSubject(item.requestId);
            const view = offerView(
              item,
              actions.filter((a) => a.subject === subject),
              ended.has(subject),
            );
            return (
              <OfferCard
                key={item.requestId}
                item={item}
                view={view}
                onAccept={() => queue(item, 'refereeAccept')}
                onDecline={(input) => queue(item, 'refereeDecline', { ...input })}
                onReport={(note) =>
                  void enqueueAction({
                    kind: 'referralDispute',
                    userId: session.sub,
                    subject: item.requestId,
                    payload: {
                      requestId: item.requestId,
                      note,
                      ...((item.job.title ?? item.jobTitle)
                        ? { jobTitle: item.job.title ?? item.jobTitle! }
                        : {}),
                    },
                  })
                }
                onRefer={({ reference, proof }) =>
                  queue(item, 'refereeRefer', {
                    ...(reference.trim() ? { reference: reference.trim() } : {}),
                    ...(proof
                      ? { proof: { file: proof, fileName: proof.name, mimeType: proof.type } }
                      : {}),
                  })
                }
              />
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
