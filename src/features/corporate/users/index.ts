export { InvitePage } from './components/invite-page';
export { UsersPage } from './components/users-page';
