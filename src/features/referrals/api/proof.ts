/**
 * `GET /referrals/{id}/proof` (issue 17): a 5-minute link to the proof the referee attached when
 * marking the referral made. Asked for on click, never cached (the link expires).
 */
import { ProofLinkSchema } from '@/domain/contract/files';
import { api } from '@/lib/api';

export function fetchProofLink(requestId: string) {
  return api
    .get(`/referrals/${encodeURIComponent(requestId)}/proof`, { schema: ProofLinkSchema })
    .then((answer) => answer.data);
}
