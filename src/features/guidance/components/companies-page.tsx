/**
 * `/guidance` (spec §2 "Request guidance", issue 19 part 2): the companies whose referees offer
 * services, with how many referees, what they offer and the lowest fee. The list is the persisted
 * `GET /guidance/companies` answer, so it reads offline after one visit; a line says when it is
 * the saved copy.
 */
import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { GuidanceCompanySummary } from '@/domain/contract/guidance';
import { useConnectivity, userErrorText } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { guidanceCompaniesQuery } from '../api/guidance-queries';
import { feeText, kindLabel } from '../booking-text';
import { CompanyLogo } from './company-logo';
import { SignInPrompt } from '@/lib/ui/sign-in-prompt';
import { QueryLoading } from '@/lib/ui/query-loading';

/** spec §2 /guidance/{name}/{key}: the name as shown, the key the company's id. */
export function companyPath(company: { name: string; companyId: string }): string {
  return `/guidance/${encodeURIComponent(company.name)}/${encodeURIComponent(company.companyId)}`;
}

export function GuidanceCompaniesPage() {
  const session = useSession();
  return (
    <Container size="sm" px="md" py="lg" data-testid="guidance-companies">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Request guidance
          </Title>
          <Text c="dimmed">
            Resume writing, career guidance, interview help and mock interviews from people who work
            there.
          </Text>
        </div>
        {session ? (
          <>
            <Anchor component={Link} to="/guidance/bookings" size="sm">
              My sessions
            </Anchor>
            <CompanyList />
          </>
        ) : (
          <SignInPrompt what="to see the companies whose employees offer guidance." />
        )}
      </Stack>
    </Container>
  );
}

function CompanyList() {
  const companies = useQuery(guidanceCompaniesQuery());
  const connectivity = useConnectivity();
  const [search, setSearch] = useState('');
  const rows = companies.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? rows.filter((c) => c.name.toLowerCase().includes(needle)) : rows;

  if (companies.isPending && rows.length === 0) {
    return <QueryLoading query={companies} skeletons={[92, 92, 92]} />;
  }
  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid="guidance-companies-empty">
        {companies.isError
          ? userErrorText(
              companies.error,
              'The companies could not be loaded. Check your connection and try again.',
            )
          : 'No company offers guidance yet. Check back soon.'}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {(companies.isError || connectivity === 'offline') && (
        <Text size="sm" c="dimmed" data-testid="guidance-offline">
          Showing the companies saved on this device.
        </Text>
      )}
      <TextInput
        label="Search companies"
        placeholder="Company name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {shown.length === 0 && <Text c="dimmed">No company matches “{search.trim()}”.</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((company) => (
          <li key={company.companyId}>
            <CompanyRow company={company} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function CompanyRow({ company }: { company: GuidanceCompanySummary }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={companyPath(company)}
      data-testid="guidance-company"
      aria-label={`${company.name}: ${company.referees} ${company.referees === 1 ? 'referee' : 'referees'}, from ${feeText(company.feeFrom)}`}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <CompanyLogo name={company.name} src={company.logoUrl} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {company.name}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              from {feeText(company.feeFrom)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {company.referees} {company.referees === 1 ? 'referee' : 'referees'}
            {company.industry ? ` · ${company.industry}` : ''}
          </Text>
          <Group gap={6}>
            {company.kinds.map((kind) => (
              <Badge key={kind} variant="light" size="sm" radius="sm">
                {kindLabel(kind)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
