/** The admin console (issue 21 items 1 and 5): moderation of jobs and the audit log. */
export { ADMIN_TABS, AdminNav, activeAdminTab, type AdminTab } from './admin-nav';
export { JobsConsolePage } from './components/jobs-console-page';
export { AuditPage } from './components/audit-page';
export { UsersPage as AdminUsersPage } from './users/users-page';
export { ReferralsOversightPage } from './referrals/referrals-page';
