/**
 * The company profile (issue 20 item 3): industry, LinkedIn and career links, logo address and
 * the work-email domains referees verify with (issue 17). Every company user reads it; admins
 * (spec §6 manage_users) edit it, saved online with the server's words on refusal. Admins also
 * upload a logo (PNG, JPEG or WebP, at most 1 MB): saved as soon as it is chosen, online only like
 * the rest of the form.
 */
import {
  Avatar,
  Button,
  Container,
  FileButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  LOGO_ACCEPT,
  LogoMessages,
  type CompanyProfile,
} from '@/domain/contract/corporate-company';
import { useConnectivity, userErrorText } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import {
  companyProfileQuery,
  logoProblem,
  saveCompanyProfile,
  uploadCompanyLogo,
} from '../company-api';

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
  const offline = useConnectivity() === 'offline';
  const [uploading, setUploading] = useState(false);
  const [logoMessage, setLogoMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function uploadLogo(file: File | null) {
    if (!file) return;
    setLogoMessage(null);
    const problem = offline ? LogoMessages.offline : logoProblem(file);
    if (problem) {
      setLogoMessage({ ok: false, text: problem });
      return;
    }
    setUploading(true);
    try {
      const saved = await uploadCompanyLogo(file);
      queryClient.setQueryData(queryKey, saved);
      setLogoUrl(saved.logoUrl ?? '');
      setLogoMessage({ ok: true, text: 'Logo uploaded.' });
    } catch (e) {
      setLogoMessage({ ok: false, text: userErrorText(e) });
    } finally {
      setUploading(false);
    }
  }

  async function save() {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveCompanyProfile({
        industry: industry.trim(),
        linkedIn: linkedIn.trim() || null,
        careerUrl: careerUrl.trim() || null,
        // Only when edited: an address set by an upload is kept as it is.
        ...(logoUrl.trim() !== (company.logoUrl ?? '') ? { logoUrl: logoUrl.trim() || null } : {}),
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
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar
          src={company.logoUrl}
          alt={company.logoUrl ? `${company.name} logo` : ''}
          size={64}
          radius="md"
          color="brand"
        >
          {company.name.slice(0, 1).toUpperCase()}
        </Avatar>
        {!readOnly && (
          <Stack gap={2}>
            <FileButton onChange={(file) => void uploadLogo(file)} accept={LOGO_ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="compact-sm"
                  loading={uploading}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Upload logo
                </Button>
              )}
            </FileButton>
            <Text c="dimmed" size="xs">
              PNG, JPEG or WebP, up to 1 MB.
            </Text>
          </Stack>
        )}
      </Group>
      {logoMessage && (
        <Text
          size="sm"
          c={logoMessage.ok ? 'green.8' : 'red.8'}
          role={logoMessage.ok ? 'status' : 'alert'}
          data-testid="logo-message"
        >
          {logoMessage.text}
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
