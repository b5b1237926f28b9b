/**
 * The company profile (issue 20 item 3): industry, LinkedIn and career links, logo address and
 * the work-email domains referees verify with (issue 17). Every company user reads it; admins
 * (spec §6 manage_users) edit it, saved online with the server's words on refusal.
 */
import { Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CompanyProfile } from '@/domain/contract/corporate-company';
import { userErrorText } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import { companyProfileQuery, saveCompanyProfile } from '../company-api';

export function CompanyPage({ session }: { session: SessionSummary }) {
  const query = companyProfileQuery(session.sub);
  const company = useQuery(query);
  return (
    <Container size="sm" px="md" py="lg" data-testid="company-page">
      <Stack gap="md">
        <Title order={1} size="h2">
          {company.data?.name ?? 'Company profile'}
        </Title>
        {company.isError && !company.data && (
          <Text role="alert">{userErrorText(company.error)}</Text>
        )}
        {company.data && (
          <CompanyForm key={company.data.id} company={company.data} queryKey={query.queryKey} />
        )}
      </Stack>
    </Container>
  );
}

function CompanyForm({
  company,
  queryKey,
}: {
  company: CompanyProfile;
  queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const [industry, setIndustry] = useState(company.industry);
  const [linkedIn, setLinkedIn] = useState(company.linkedIn ?? '');
  const [careerUrl, setCareerUrl] = useState(company.careerUrl ?? '');
  const [logoUrl, setLogoUrl] = useState(company.logoUrl ?? '');
  const [domains, setDomains] = useState(company.emailDomains.join(', '));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = !company.editable;

  async function save() {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveCompanyProfile({
        industry: industry.trim(),
        linkedIn: linkedIn.trim() || null,
        careerUrl: careerUrl.trim() || null,
        logoUrl: logoUrl.trim() || null,
        emailDomains: domains
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      });
      queryClient.setQueryData(queryKey, saved);
      setMessage({ ok: true, text: 'Company profile saved.' });
    } catch (e) {
      setMessage({ ok: false, text: userErrorText(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" component="form" onSubmit={(e) => e.preventDefault()}>
      {readOnly && (
        <Text c="dimmed" size="sm">
          Only a company admin can change the company profile.
        </Text>
      )}
      <TextInput
        label="Industry"
        value={industry}
        readOnly={readOnly}
        onChange={(e) => setIndustry(e.currentTarget.value)}
      />
      <TextInput
        label="LinkedIn page"
        value={linkedIn}
        readOnly={readOnly}
        placeholder="https://www.linkedin.com/company/…"
        onChange={(e) => setLinkedIn(e.currentTarget.value)}
      />
      <TextInput
        label="Career page"
        value={careerUrl}
        readOnly={readOnly}
        placeholder="https://…"
        onChange={(e) => setCareerUrl(e.currentTarget.value)}
      />
      <TextInput
        label="Logo address"
        value={logoUrl}
        readOnly={readOnly}
        placeholder="https://…/logo.png"
        onChange={(e) => setLogoUrl(e.currentTarget.value)}
      />
      <TextInput
        label="Work email domains"
        description="Employees verify as referees with these (comma separated)."
        value={domains}
        readOnly={readOnly}
        onChange={(e) => setDomains(e.currentTarget.value)}
      />
      {message && (
        <Text c={message.ok ? 'green.8' : 'red.8'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Text>
      )}
      {!readOnly && (
        <Button
          type="submit"
          onClick={() => void save()}
          loading={busy}
          style={{ alignSelf: 'flex-start' }}
        >
          Save
        </Button>
      )}
    </Stack>
  );
}
