import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '@/features/admin';

// The audit log of admin and evaluator actions, for site admins (issue 21 item 5).
export const Route = createFileRoute('/v1/admin/audit')({
  staticData: { mantine: true },
  component: AuditPage,
});
