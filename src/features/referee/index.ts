export { RefereeDashboard } from './components/referee-dashboard';
export { DeclineForm, type DeclineFormProps } from './components/decline-form';
export { deadlineText, offerView, type OfferStatus, type OfferView } from './offer-view';
