/**
 * The referral lifecycle as a table (issue 16): for each action, the states it may start from,
 * the state it leads to and who may take it. Pure: the service (service.ts) asks `decide` before
 * it writes anything, so every rule is in one place and unit-testable.
 *
 *   requested ─approve→ approved ─offer→ offered ─accept→ accepted ─refer→ referred ─acknowledge→ acknowledged
 *       └─reject→ rejected      ↑   └─expire→ expired     │ └─decline/timeOut┘ │ └timeOut (back to approved)
 *                               └──────────────────────────┘                    │
 *   approved | offered | accepted ─cancel→ cancelled;  ─expire→ expired
 *
 * Roles are relative to one request: its candidate ("owner"), the referee it is offered to now
 * ("offeredReferee"), an admin, or the product itself ("system": evaluation, matching, sweep).
 */
import type { ReferralAction, ReferralState } from '../../src/domain/contract/referrals';

export type RequestRole = 'owner' | 'offeredReferee' | 'admin' | 'system';

interface Transition {
  readonly from: readonly ReferralState[];
  readonly to: ReferralState;
  readonly roles: readonly RequestRole[];
}

const HELD = ['approved', 'offered', 'accepted'] as const;

export const TRANSITIONS: Readonly<Record<ReferralAction, Transition>> = {
  request: { from: [], to: 'requested', roles: ['owner'] },
  approve: { from: ['requested'], to: 'approved', roles: ['system'] },
  reject: { from: ['requested'], to: 'rejected', roles: ['system'] },
  offer: { from: ['approved'], to: 'offered', roles: ['system'] },
  accept: { from: ['offered'], to: 'accepted', roles: ['offeredReferee'] },
  // A decline goes back to "approved"; the service offers it to the next referee at once.
  decline: { from: ['offered'], to: 'approved', roles: ['offeredReferee'] },
  // No answer within the response window, or no referral within the refer window.
  timeOut: { from: ['offered', 'accepted'], to: 'approved', roles: ['system'] },
  refer: { from: ['accepted'], to: 'referred', roles: ['offeredReferee'] },
  acknowledge: { from: ['referred'], to: 'acknowledged', roles: ['owner'] },
  expire: { from: HELD, to: 'expired', roles: ['system', 'admin'] },
  cancel: { from: HELD, to: 'cancelled', roles: ['owner', 'admin'] },
};

/** Terminal states: nothing leads out of them. */
export const FINAL_STATES: readonly ReferralState[] = [
  'rejected',
  'acknowledged',
  'expired',
  'cancelled',
];

export type Decision =
  | { readonly ok: true; readonly to: ReferralState }
  | { readonly ok: false; readonly why: 'forbidden' | 'wrongState' };

/**
 * Whether someone with `roles` may take `action` on a request in `state`. The role is checked
 * before the state, so a caller who may never take this action learns nothing about the
 * request's state (403), while its rightful actor is told it is too late or too early (409).
 */
export function decide(
  action: ReferralAction,
  state: ReferralState | null,
  roles: ReadonlySet<RequestRole>,
): Decision {
  const transition = TRANSITIONS[action];
  if (!transition.roles.some((role) => roles.has(role))) return { ok: false, why: 'forbidden' };
  const allowedFrom =
    state === null ? transition.from.length === 0 : transition.from.includes(state);
  if (!allowedFrom) return { ok: false, why: 'wrongState' };
  return { ok: true, to: transition.to };
}

/** Whether a credit is held for a request in this state (credits.ts releases or consumes it). */
export function holdsCredit(state: ReferralState): boolean {
  return (HELD as readonly ReferralState[]).includes(state);
}
