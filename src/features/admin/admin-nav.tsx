/**
 * The admin console's tab bar (issue 21): Jobs, Users, Referrals and Audit, one link each so a
 * tab can open in a new browser tab and the current one is announced (aria-current). Each page of
 * the console puts it at the top; on a phone the row scrolls sideways instead of wrapping.
 */
import { Button, Group, ScrollArea } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';

export interface AdminTab {
  readonly label: string;
  readonly to: string;
}

// spec §2: admins land on /v1/admin/ajobs; the other pages are issue 21 items 2, 3 and 5.
export const ADMIN_TABS: readonly AdminTab[] = [
  { label: 'Jobs', to: '/v1/admin/ajobs' },
  { label: 'Users', to: '/v1/admin/users' },
  { label: 'Referrals', to: '/v1/admin/referrals' },
  { label: 'Audit', to: '/v1/admin/audit' },
];

/** The tab whose page is open (a trailing slash or a sub-page still counts). */
export function activeAdminTab(pathname: string): AdminTab | undefined {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_TABS.find((tab) => path === tab.to || path.startsWith(`${tab.to}/`));
}

export function AdminNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = activeAdminTab(pathname);
  return (
    <ScrollArea type="never" component="nav" aria-label="Admin console">
      <Group gap="xs" wrap="nowrap" data-testid="admin-nav">
        {ADMIN_TABS.map((tab) => {
          const current = tab === active;
          return (
            <Button
              key={tab.to}
              component={Link}
              to={tab.to}
              size="compact-md"
              radius="xl"
              variant={current ? 'filled' : 'subtle'}
              aria-current={current ? 'page' : undefined}
            >
              {tab.label}
            </Button>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
