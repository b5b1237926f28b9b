/**
 * Company verification (issue 21 item 2): find a company and set its verified mark, the one the
 * company listing shows and its "verified only" filter uses.
 */
import { Alert, Badge, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCompany } from '@/domain/contract/admin-users';
import { userErrorText } from '@/lib/api';
import { ReasonForm } from '../components/reason-form';
import { adminCompaniesQuery, setCompanyVerified } from './users-api';

function CompanyCard({ company }: { company: AdminCompany }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="sm" data-testid="admin-company-row">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {company.name}
            </Text>
            <Text size="xs" c="dimmed">
              {company.industry} · {company.jobs} {company.jobs === 1 ? 'job' : 'jobs'}
            </Text>
          </Stack>
          <Badge
            component="button"
            type="button"
            onClick={() => setOpen((value) => !value)}
            color={company.isVerified ? 'green' : 'gray'}
            variant="light"
            style={{ cursor: 'pointer', flexShrink: 0 }}
            aria-expanded={open}
          >
            {company.isVerified ? 'Verified' : 'Not verified'}
          </Badge>
        </Group>
        {open && (
          <ReasonForm
            label="Reason"
            submit={company.isVerified ? 'Remove the verified mark' : 'Verify'}
            color={company.isVerified ? 'red' : 'green'}
            onSubmit={async (reason) => {
              await setCompanyVerified(company.id, !company.isVerified, reason);
              setOpen(false);
              await queryClient.invalidateQueries({ queryKey: ['admin-companies'] });
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

export function CompaniesPanel() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const companies = useQuery(adminCompaniesQuery(q));
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label="Search companies"
        placeholder="Company name"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        Tap a company&apos;s mark to change it.
      </Text>
      {companies.isError && (
        <Alert color="red" role="alert">
          {userErrorText(companies.error)}
        </Alert>
      )}
      {companies.data?.length === 0 && <Text c="dimmed">No company matches.</Text>}
      <Stack gap="xs">
        {companies.data?.map((company) => (
          <CompanyCard key={company.id} company={company} />
        ))}
      </Stack>
    </Stack>
  );
}
