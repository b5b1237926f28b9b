export { ProfilePage } from './components/profile-page';
export { basicDetailsQuery, type BasicDetails } from './api/basic-details';
