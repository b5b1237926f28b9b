import { createFileRoute } from '@tanstack/react-router';
import { CheckRedirection } from '@/features/auth';

export const Route = createFileRoute('/auth/checkRedirection')({
  staticData: { mantine: true },
  component: CheckRedirection,
});
