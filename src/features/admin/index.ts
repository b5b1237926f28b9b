/** The admin console (issue 21 items 1 and 5): moderation of jobs and the audit log. */
export { ADMIN_TABS, AdminNav, activeAdminTab, type AdminTab } from './admin-nav';
export { UsersPage as AdminUsersPage } from './users/users-page';
export { ReferralsOversightPage } from './referrals/referrals-page';
