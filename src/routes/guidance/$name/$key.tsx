import { createFileRoute } from '@tanstack/react-router';
import { GuidanceCompanyPage } from '@/features/guidance';

// spec §2 /guidance/{name}/{key}: `name` is the company's name as shown, `key` its id (issue 19).
export const Route = createFileRoute('/guidance/$name/$key')({
  staticData: { mantine: true },
  component: GuidanceCompanyRoute,
});

function GuidanceCompanyRoute() {
  const { name, key } = Route.useParams();
  return <GuidanceCompanyPage companyId={key} name={name.replace(/_/g, ' ')} />;
}
