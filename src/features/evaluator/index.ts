export { QueuePage } from './components/queue-page';
export { PersonPage, type PersonPageProps } from './components/person-page';
export {
  checkAssessment,
  EMPTY_ASSESSMENT,
  queueReasonText,
  type AssessmentFormValues,
} from './assessment-form';
