import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '@/features/auth';
import { RouteErrorPage } from '@/features/shell';
import { guardBeforeLoad } from '../v1/-guard';

// Signed-in users only (spec §5: an authenticated user); the guard table is
// src/domain/route-access.ts.
export const Route = createFileRoute('/auth/change-password')({
  beforeLoad: guardBeforeLoad,
  errorComponent: RouteErrorPage,
  staticData: { mantine: true },
  component: ChangePasswordForm,
});
