/**
 * The registry of offline action kinds (issue 15): one line per kind. Adding a kind is a new file
 * in this folder (see ../kind.ts for what it declares) and a line here; nothing else tests a
 * kind's name. The names are stored in every queued row (`OutboxEntry.kind`), so a kind is never
 * renamed: actions queued by an earlier release must still drain.
 */
import type { OutboxKindSpec, PayloadOf } from '../kind';
import type { OutboxEntry } from '../model';
import { applicantMoveKind } from './applicant-move';
import { applicantNoteKind } from './applicant-note';
import { applyKind } from './apply';
import { assessmentCreateKind } from './assessment-create';
import { corporateJobDeleteKind } from './corporate-job-delete';
import { corporateJobSaveKind } from './corporate-job-save';
import {
  corporateJobCloseKind,
  corporateJobPublishKind,
  corporateJobUnpublishKind,
} from './corporate-job-status';
import { cvUploadKind } from './cv-upload';
import { externalApplyKind } from './external-apply';
import { guidanceBookKind } from './guidance-book';
import {
  guidanceCancelKind,
  guidanceLinkKind,
  guidanceNoShowKind,
  guidanceRateKind,
  guidanceRescheduleKind,
} from './guidance-booking';
import { guidanceDeliverKind } from './guidance-deliver';
import { guidanceAvailabilityKind, guidanceServiceKind } from './guidance-setup';
import { profileEditKind } from './profile-edit';
import { refereeAcceptKind } from './referee-accept';
import { refereeDeclineKind } from './referee-decline';
import { refereeReferKind } from './referee-refer';
import { reportJobKind } from './report-job';
import { referralAcknowledgeKind } from './referral-acknowledge';
import { referralDisputeKind } from './referral-dispute';
import { referralRequestKind } from './referral-request';
import { saveKind, unsaveKind } from './saved-job';

export const OUTBOX_KINDS = {
  applicantMove: applicantMoveKind,
  applicantNote: applicantNoteKind,
  apply: applyKind,
  externalApply: externalApplyKind,
  cvUpload: cvUploadKind,
  profileEdit: profileEditKind,
  save: saveKind,
  unsave: unsaveKind,
  referralRequest: referralRequestKind,
  referralAcknowledge: referralAcknowledgeKind,
  referralDispute: referralDisputeKind,
  refereeAccept: refereeAcceptKind,
  refereeDecline: refereeDeclineKind,
  refereeRefer: refereeReferKind,
  corporateJobSave: corporateJobSaveKind,
  corporateJobPublish: corporateJobPublishKind,
  corporateJobUnpublish: corporateJobUnpublishKind,
  corporateJobClose: corporateJobCloseKind,
  corporateJobDelete: corporateJobDeleteKind,
  reportJob: reportJobKind,
  assessmentCreate: assessmentCreateKind,
  guidanceBook: guidanceBookKind,
  guidanceCancel: guidanceCancelKind,
  guidanceReschedule: guidanceRescheduleKind,
  guidanceLink: guidanceLinkKind,
  guidanceDeliver: guidanceDeliverKind,
  guidanceNoShow: guidanceNoShowKind,
  guidanceRate: guidanceRateKind,
  guidanceService: guidanceServiceKind,
  guidanceAvailability: guidanceAvailabilityKind,
};

export type OutboxKind = keyof typeof OUTBOX_KINDS;
export type PayloadByKind = { [K in OutboxKind]: PayloadOf<(typeof OUTBOX_KINDS)[K]> };

/** Kinds added at run time (a test's own kind); the built-in ones cannot be replaced. */
const added = new Map<string, OutboxKindSpec<never>>();

/**
 * Registers a kind that is not in OUTBOX_KINDS (tests prove a new kind needs nothing else).
 * Returns the function that removes it again.
 */
export function registerOutboxKind<Payload>(
  name: string,
  spec: OutboxKindSpec<Payload>,
): () => void {
  if (name in OUTBOX_KINDS || added.has(name)) throw new Error(`Outbox kind ${name} exists`);
  added.set(name, spec);
  return () => added.delete(name);
}

/** The declaration of a stored action's kind, or undefined for a kind this build does not know. */
export function kindSpec(name: string): OutboxKindSpec<never> | undefined {
  return Object.hasOwn(OUTBOX_KINDS, name) ? OUTBOX_KINDS[name as OutboxKind] : added.get(name);
}

/**
 * What the user asked for, as the pending-actions panel and a screen's "waiting to send" line
 * name it ("Publish job"); `fallback` for a kind this build does not know.
 */
export function actionLabel(
  action: Pick<OutboxEntry, 'kind' | 'payload'>,
  fallback: string,
): string {
  const label = kindSpec(action.kind)?.label;
  if (label === undefined) return fallback;
  return typeof label === 'string' ? label : label(action.payload as never);
}

/** The pending-actions panel's "<label>: <what>" as the action's kind declares them. */
export function actionTitle(action: OutboxEntry): string {
  const what = kindSpec(action.kind)?.describe?.(action.payload as never, action.subject);
  return `${actionLabel(action, 'Action')}: ${what || action.subject}`;
}

/** Delivered actions of this kind are applications (apply, external apply). */
export function isApplicationKind(name: string): boolean {
  return kindSpec(name)?.application !== undefined;
}

export { ALREADY_SUBMITTED, SCORES_PROCESSING } from './application';
export type { ApplicantMovePayload } from './applicant-move';
export type { ApplicantNotePayload } from './applicant-note';
export type { ApplyPayload } from './apply';
export type { AssessmentCreatePayload } from './assessment-create';
export type { CvUploadPayload } from './cv-upload';
export type { ExternalApplyPayload } from './external-apply';
export type { ProfileEditPayload } from './profile-edit';
export type { SavedJobPayload } from './saved-job';
export type { ReferralAcknowledgePayload } from './referral-acknowledge';
export {
  UNREADABLE_REFERRAL_RESULT,
  parseReferralResult,
  referralSubject,
  type ReferralRequestPayload,
} from './referral-request';
export type { RefereeAcceptPayload } from './referee-accept';
export {
  CORPORATE_JOBS_LINE,
  corporateJobSubject,
  type CorporateJobSavePayload,
} from './corporate-job-save';
export type { CorporateJobStatusPayload } from './corporate-job-status';
export type { RefereeDeclinePayload } from './referee-decline';
export type { ReportJobPayload } from './report-job';
export type { RefereeReferPayload } from './referee-refer';
export {
  NO_LONGER_OFFERED,
  NO_LONGER_OFFERED_TEXT,
  parseRefereeOffer,
  refereeSubject,
} from './referee-answer';
export {
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_TEXT,
  SLOT_TAKEN,
  SLOT_TAKEN_TEXT,
  guidanceBookSubject,
  type GuidanceBookPayload,
} from './guidance-book';
export {
  GUIDANCE_BOOKING_LINE,
  guidanceBookingSubject,
  parseBooking,
  type GuidanceBookingPayload,
  type GuidanceCancelPayload,
  type GuidanceLinkPayload,
  type GuidanceRatePayload,
  type GuidanceReschedulePayload,
} from './guidance-booking';
export type { GuidanceDeliverPayload } from './guidance-deliver';
export type { GuidanceAvailabilityPayload, GuidanceServicePayload } from './guidance-setup';
