import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { EMPLOYEE_DASHBOARD, followsLastDashboard } from '@/domain/roles';
import { useDashboardVisit } from '@/features/candidate';
import { RefereeGuidance } from '@/features/guidance';
import { RefereeDashboard } from '@/features/referee';
import { useSession } from '@/lib/auth';

export const Route = createFileRoute('/v1/employee/profile')({
  // The referee's screens use Mantine (loaded for this page only).
  staticData: { mantine: true },
  component: EmployeeDashboard,
});

function EmployeeDashboard() {
  // issue 10: this is now the last accessed dashboard (spec §2 dashboard target).
  useDashboardVisit(EMPLOYEE_DASHBOARD);
  const session = useSession();
  return (
    <Container size="sm" px="md" py="lg" data-testid="employee-dashboard">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Employee profile
          </Title>
          <Text c="dimmed">Your referee profile and services.</Text>
        </div>
        {session && followsLastDashboard(session) && (
          <Text size="sm">
            <Anchor component={Link} to="/v1/candidate/profile">
              Switch to the candidate dashboard
            </Anchor>
          </Text>
        )}
        {session && (
          <RefereeDashboard session={session} guidance={<RefereeGuidance userId={session.sub} />} />
        )}
      </Stack>
    </Container>
  );
}
