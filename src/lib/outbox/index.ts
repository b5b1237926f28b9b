/**
 * The outbox (design/outbox.md): user actions written to IndexedDB first and delivered exactly
 * once, in order, by the service worker or the page. Pages use this entry; the service worker
 * uses `./worker`.
 */
export {
  discardOutboxAction,
  enqueueAction,
  requestDrain,
  retryOutboxAction,
  startOutbox,
} from './page';
export { OutboxActionButtons } from './action-buttons';
export { useApplyState, useOutboxActions, useOutboxEvents, type ApplyState } from './hooks';
export { useFollowedAction, type FollowedPhase } from './use-followed-action';
export { isWatched, subscribe as subscribeOutbox, watchSubject } from './channel';
export { mirrorToken, type MirroredToken } from './token';
export {
  ALREADY_SUBMITTED,
  SCORES_PROCESSING,
  OUTBOX_KINDS,
  actionLabel,
  actionTitle,
  isApplicationKind,
  kindSpec,
  registerOutboxKind,
  UNREADABLE_REFERRAL_RESULT,
  parseReferralResult,
  referralSubject,
  NO_LONGER_OFFERED,
  NO_LONGER_OFFERED_TEXT,
  parseRefereeOffer,
  refereeSubject,
  corporateJobSubject,
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_TEXT,
  SLOT_TAKEN,
  SLOT_TAKEN_TEXT,
  guidanceBookSubject,
  guidanceBookingSubject,
  parseBooking,
} from './kinds';
export type {
  ApplicantMovePayload,
  ApplicantNotePayload,
  ApplyPayload,
  CvUploadPayload,
  ExternalApplyPayload,
  OutboxKind,
  ProfileEditPayload,
  ReferralAcknowledgePayload,
  ReferralRequestPayload,
  RefereeAcceptPayload,
  RefereeDeclinePayload,
  RefereeReferPayload,
  SavedJobPayload,
  CorporateJobSavePayload,
  CorporateJobStatusPayload,
  ReportJobPayload,
  GuidanceBookPayload,
  GuidanceCancelPayload,
  GuidanceDeliverPayload,
  GuidanceLinkPayload,
  GuidanceRatePayload,
  GuidanceReschedulePayload,
  GuidanceServicePayload,
  GuidanceAvailabilityPayload,
} from './kinds';
export { describeJob, defineKind } from './kind';
export type { KindToast, OutboxKindSpec } from './kind';
export type { OutboxEvent, OutboxEntry } from './model';
