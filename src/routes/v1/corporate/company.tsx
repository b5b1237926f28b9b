import { createFileRoute } from '@tanstack/react-router';
import { CompanyPage } from '@/features/corporate';
import { useSession } from '@/lib/auth';

// The company profile (issue 20 item 3).
export const Route = createFileRoute('/v1/corporate/company')({
  staticData: { mantine: true },
  component: Company,
});

function Company() {
  const session = useSession();
  return session ? <CompanyPage session={session} /> : null;
}
