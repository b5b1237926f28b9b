import { createFileRoute } from '@tanstack/react-router';
import { GuidanceCompaniesPage } from '@/features/guidance';

// spec §2 /guidance, "Request guidance" (issue 19): companies whose referees offer services.
export const Route = createFileRoute('/guidance/')({
  staticData: { mantine: true },
  component: GuidanceCompaniesPage,
});
