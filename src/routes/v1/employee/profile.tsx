import { Link, createFileRoute } from '@tanstack/react-router';
import { EMPLOYEE_DASHBOARD, followsLastDashboard } from '@/domain/roles';
import { useDashboardVisit } from '@/features/candidate';
import { UnderConstructionPage } from '@/features/shell';
import { useSession } from '@/lib/auth';

export const Route = createFileRoute('/v1/employee/profile')({
  component: EmployeeDashboard,
});

function EmployeeDashboard() {
  // issue 10: this is now the last accessed dashboard (spec §2 dashboard target).
  useDashboardVisit(EMPLOYEE_DASHBOARD);
  const session = useSession();
  return (
    <UnderConstructionPage
      title="Employee profile"
      more={
        session &&
        followsLastDashboard(session) && (
          <p>
            <Link to="/v1/candidate/profile">Switch to the candidate dashboard</Link>
          </p>
        )
      }
    >
      Your referee profile and services.
    </UnderConstructionPage>
  );
}
