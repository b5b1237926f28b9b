import { createFileRoute } from '@tanstack/react-router';
import { AdminUsersPage } from '@/features/admin';

// Users, roles, credits and company verification, for site admins (issue 21 item 2).
export const Route = createFileRoute('/v1/admin/users')({
  staticData: { mantine: true },
  component: AdminUsersPage,
});
