export { ProfilePage } from './components/profile-page';
export { CvSection } from './components/cv-section';
export { ProfileForm, type ProfileFormProps } from './components/profile-form';
export { PostSignupPage } from './components/post-signup-page';
export {
  applyProfileChanges,
  profileChanges,
  validateProfile,
  valuesFromDetails,
  type ProfileChanges,
  type ProfileErrors,
  type ProfileFormValues,
} from './profile-values';
export { useDashboardVisit } from './use-dashboard-visit';
