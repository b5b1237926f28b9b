import { createFileRoute } from '@tanstack/react-router';
import { JobsConsolePage } from '@/features/admin';

// spec §2: admins land here; the moderation queue and every job (issue 21 item 1).
export const Route = createFileRoute('/v1/admin/ajobs')({
  staticData: { mantine: true },
  component: JobsConsolePage,
});
