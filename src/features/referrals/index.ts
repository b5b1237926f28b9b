export { ReferralRequestPage, type ReferralRequestPageProps } from './components/request-page';
export { ReferralTrackerPage, type ReferralTrackerPageProps } from './components/tracker-page';
export { ReferralResultDialog, type ReferralResultDialogProps } from './components/result-dialog';
