/** Words and dates of the subscription page (issue 18). */
import type { LedgerEntry } from '@/domain/contract/payments';

export const ledgerLabel: Record<LedgerEntry['kind'], string> = {
  grant: 'Credits granted',
  hold: 'Held for a referral request',
  release: 'Returned to you',
  consume: 'Referral made',
  purchase: 'Purchased',
  refund: 'Refunded',
};

export const signedAmount = (amount: number) =>
  amount > 0 ? `+${amount}` : amount < 0 ? `−${Math.abs(amount)}` : '0';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatWhen = (iso: string) => dateFormat.format(new Date(iso));

export const creditsText = (n: number) => `${n} referral credit${n === 1 ? '' : 's'}`;
