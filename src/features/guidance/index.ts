export { GuidanceCompaniesPage } from './components/companies-page';
export { GuidanceCompanyPage } from './components/company-page';
export { MySessionsPage, type CheckoutReturn } from './components/sessions-page';
export { RefereeGuidance } from './components/referee-guidance';
export { BookPanel } from './components/book-panel';
export { BookingCard } from './components/booking-card';
export { windowProblem } from './components/availability-editor';
export {
  dayKey,
  dayLabel,
  deviceTimeZone,
  groupSlotsByDay,
  timeText,
  timeZoneName,
  whenText,
  type SlotDay,
} from './slot-days';
export {
  bookingWhen,
  cutoffAt,
  cutoffText,
  feeText,
  isUpcoming,
  ratingText,
  termsText,
} from './booking-text';
