/**
 * `/referrals/{compId}/{id}`, the request-referral page (spec §2; issue 16 part 5): the company
 * (logo, name, links), one of its open jobs (or a pasted link to one that is not listed), an
 * optional note, the candidate's match for the chosen job, the credit cost and balance, then the
 * spec §4 loader steps and result dialog. Signed out, Request Referral keeps the pending
 * referral continuation (spec §4) and goes to login, which comes back here. Offline, the request
 * waits in the outbox and the page says so. Mobile first (390 px wide).
 */
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { REFERRAL_LOADER_STEPS, ReferralLimits, isHttpJobUrl } from '@/domain/contract/referrals';
import { useSession, type SessionSummary } from '@/lib/auth';
import { saveContinuation } from '@/lib/continuation';
import { useDbQuery } from '@/lib/db';
import { referralSubject, useOutboxActions, type ReferralRequestPayload } from '@/lib/outbox';
import { referralBalanceQuery } from '@/lib/referrals';
import { companyJobsQuery, readCompanyJobs } from '../api/company-jobs';
import { referralCompanyQuery, type ReferralCompany } from '../api/company';
import { useReferralRequest, type RequestPhase } from '../use-referral-request';
import { ReferralResultDialog } from './result-dialog';
import { referralPaths } from '../paths';
import { QueryLoading } from '@/lib/ui/query-loading';

export interface ReferralRequestPageProps {
  /** The company key (spec §3 SK), the route's `{id}`. */
  readonly companyId: string;
  /** The match block for a listed job (the route composes it from the match feature). */
  readonly match?: (jobId: string) => ReactNode;
}

/** How long each spec §4 loader step shows at least, so the steps can be read. */
export const LOADER_STEP_MS = 450;

type JobSource = 'listed' | 'link';

export function ReferralRequestPage({ companyId, match }: ReferralRequestPageProps) {
  const company = useQuery(referralCompanyQuery(companyId));
  return (
    <Container size="sm" px="md" py="lg" data-testid="referral-request-page">
      {company.isPending ? (
        <Stack gap="sm" aria-busy={company.fetchStatus === 'fetching'}>
          {/* The page has its heading while the company loads (a slow or retried call). */}
          <Title order={1} size="h2">
            Request a referral
          </Title>
          <QueryLoading
            query={company}
            placeholder={
              <>
                <Skeleton height={56} circle />
                <Skeleton height={24} width="70%" />
                <Skeleton height={160} />
              </>
            }
          />
        </Stack>
      ) : company.data ? (
        <RequestForm company={company.data} match={match} />
      ) : (
        <Stack gap="sm">
          <Title order={1} size="h2">
            {company.isError ? 'Something went wrong' : 'Company not found'}
          </Title>
          <Text>
            {company.isError
              ? 'This company could not be loaded. Check your connection and try again.'
              : 'This company is not on ReferralHub.'}{' '}
            <Anchor component={Link} to="/referrals">
              Browse companies
            </Anchor>
          </Text>
        </Stack>
      )}
    </Container>
  );
}

function CompanyHeader({ company }: { company: ReferralCompany }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <Avatar src={company.logoUrl} alt="" size={56} radius="md" color="brand">
        {company.name.charAt(0).toUpperCase()}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          Request a referral
        </Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {company.name}
        </Title>
        {company.isVerified && (
          <Text size="sm" c="green.8" fw={600} data-testid="company-verified">
            ✓ Verified company
          </Text>
        )}
        {company.industry && (
          <Text size="sm" c="dimmed">
            {company.industry}
          </Text>
        )}
        <Group gap="md">
          {company.linkedIn && (
            <Anchor href={company.linkedIn} target="_blank" rel="noopener noreferrer" size="sm">
              LinkedIn page
            </Anchor>
          )}
          {company.careerUrl && (
            <Anchor href={company.careerUrl} target="_blank" rel="noopener noreferrer" size="sm">
              Career page
            </Anchor>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

function useCurrentPath(): string {
  return useRouterState({ select: (s) => s.location.href });
}

function RequestForm({
  company,
  match,
}: {
  company: ReferralCompany;
  match: ReferralRequestPageProps['match'];
}) {
  const session = useSession();
  const navigate = useNavigate();
  const here = useCurrentPath();
  const fetched = useQuery(companyJobsQuery(company.name));
  const jobs = useDbQuery(
    () => readCompanyJobs(company.name),
    [company.name, fetched.dataUpdatedAt],
  );
  const [source, setSource] = useState<JobSource>('listed');
  const [jobId, setJobId] = useState<string | null>(null);
  const [jobUrl, setJobUrl] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const request = useReferralRequest(session);

  // The only job of a company is chosen for the candidate.
  const chosenId = jobId ?? (jobs?.length === 1 ? jobs[0]!.id : null);
  const chosenJob = jobs?.find((job) => job.id === chosenId) ?? null;
  const linkError =
    source === 'link' && tried && !isHttpJobUrl(jobUrl.trim())
      ? 'Paste the job’s full link, starting with https://'
      : null;
  const jobError = source === 'listed' && tried && !chosenJob ? 'Choose a job' : null;

  const payload: ReferralRequestPayload | null =
    source === 'listed'
      ? chosenJob
        ? {
            companyId: company.id,
            jobId: chosenJob.id,
            jobTitle: chosenJob.jobTitle,
            companyName: company.name,
            ...(note.trim() ? { note: note.trim() } : {}),
          }
        : null
      : isHttpJobUrl(jobUrl.trim())
        ? {
            companyId: company.id,
            jobUrl: jobUrl.trim(),
            ...(jobTitle.trim() ? { jobTitle: jobTitle.trim() } : {}),
            companyName: company.name,
            ...(note.trim() ? { note: note.trim() } : {}),
          }
        : null;

  const waiting = useOutboxActions(session?.sub).filter(
    (action) =>
      action.kind === 'referralRequest' &&
      payload !== null &&
      action.subject === referralSubject(payload),
  );

  const failedAction = waiting.find((action) => action.state === 'failed');

  const onSubmit = () => {
    setTried(true);
    if (!session) {
      // spec §4: signed out → keep the pending referral continuation and log in; back here after.
      saveContinuation(here);
      void navigate({ to: '/auth/login' });
      return;
    }
    if (payload) void request.submit(payload);
  };

  const jobOptions = useMemo(
    () =>
      (jobs ?? []).map((job) => {
        const city = job.location?.city;
        return { value: job.id, label: city ? `${job.jobTitle} · ${city}` : job.jobTitle };
      }),
    [jobs],
  );

  const busy = request.phase.kind === 'sending';
  return (
    <Stack gap="lg">
      <CompanyHeader company={company} />

      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="job-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="job-heading">
            Which job?
          </Title>
          <SegmentedControl
            fullWidth
            value={source}
            onChange={(value) => setSource(value)}
            data={[
              { value: 'listed', label: 'Listed jobs' },
              { value: 'link', label: 'Paste a link' },
            ]}
          />
          {source === 'listed' ? (
            jobs === undefined || (fetched.isPending && jobs.length === 0) ? (
              <Skeleton height={36} />
            ) : jobs.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="no-company-jobs">
                {fetched.isError
                  ? 'The jobs of this company could not be loaded.'
                  : `${company.name} has no open jobs listed here.`}{' '}
                Paste a link to the job on their career site instead.
              </Text>
            ) : (
              <Select
                label="Open job"
                placeholder="Choose a job"
                data={jobOptions}
                value={chosenId}
                onChange={setJobId}
                searchable
                nothingFoundMessage="No job by that name"
                error={jobError}
                comboboxProps={{ withinPortal: true }}
              />
            )
          ) : (
            <>
              <TextInput
                label="Job link"
                description={`A job on ${company.name}'s career site`}
                placeholder="https://"
                type="url"
                inputMode="url"
                value={jobUrl}
                onChange={(event) => setJobUrl(event.currentTarget.value)}
                error={linkError}
                maxLength={2000}
              />
              <TextInput
                label="Job title"
                description="As the job ad says it (optional)"
                value={jobTitle}
                onChange={(event) => setJobTitle(event.currentTarget.value)}
                maxLength={200}
              />
            </>
          )}
          {source === 'listed' && chosenJob && (
            <Anchor component={Link} to={referralPaths.job(company.name, chosenJob.id)} size="sm">
              Read the job description
            </Anchor>
          )}
        </Stack>
      </Card>

      {source === 'listed' && chosenJob && match && session && (
        <Card withBorder padding="md" radius="md" data-testid="referral-match">
          {match(chosenJob.id)}
        </Card>
      )}

      <Textarea
        label="Note to the referee"
        description={`Optional: why you fit this job (${note.length}/${ReferralLimits.noteMaxLength})`}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={ReferralLimits.noteMaxLength}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />

      <CreditLine session={session} />

      {failedAction ? (
        <QueuedNotice failed={failedAction.lastError ?? 'Something went wrong'} offline={false} />
      ) : (
        ((busy && request.offline) || (waiting.length > 0 && request.phase.kind === 'idle')) && (
          <QueuedNotice failed={null} offline={request.offline} />
        )
      )}
      {request.phase.kind === 'failed' && (
        <Alert color="red" title="Not sent" data-testid="referral-failed">
          {request.phase.error}
        </Alert>
      )}

      <Button size="md" fullWidth onClick={onSubmit} loading={busy && !request.offline}>
        {session ? 'Request Referral' : 'Log in to request a referral'}
      </Button>

      <LoaderAndResult
        phase={request.phase}
        offline={request.offline}
        company={company}
        returnUrl={here}
        onClose={request.reset}
      />
    </Stack>
  );
}

function CreditLine({ session }: { session: SessionSummary | null }) {
  const balance = useQuery({ ...referralBalanceQuery(session?.sub ?? ''), enabled: !!session });
  const cost = ReferralLimits.creditCost;
  return (
    <Card withBorder padding="sm" radius="md" bg="gray.0" data-testid="referral-credits">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          Costs {cost} referral credit{cost === 1 ? '' : 's'}, held while a referee takes it and
          used only when you are referred.
        </Text>
        {session && (
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="sm" fw={600} data-testid="referral-balance">
              {balance.data ? `${balance.data.balance} left` : '— left'}
            </Text>
            <Anchor component={Link} to="/v1/candidate/subscription" size="xs">
              + Referrals
            </Anchor>
          </Stack>
        )}
      </Group>
    </Card>
  );
}

function QueuedNotice({ failed, offline }: { failed: string | null; offline: boolean }) {
  if (failed) {
    return (
      <Alert color="red" title="Referral request not sent" data-testid="referral-queued">
        {failed}. Retry or discard it from the pending actions in the header.
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      title={offline ? 'Queued: you are offline' : 'Queued: sending now'}
      data-testid="referral-queued"
    >
      Your request is saved on this device and will be sent once when you are online. The result
      will arrive as a notification and in{' '}
      <Anchor component={Link} to="/v1/candidate/referrals">
        My referrals
      </Anchor>
      .
    </Alert>
  );
}

/** spec §4 loader steps while the request is evaluated, then the result dialog. */
function LoaderAndResult({
  phase,
  offline,
  company,
  returnUrl,
  onClose,
}: {
  phase: RequestPhase;
  offline: boolean;
  company: ReferralCompany;
  returnUrl: string;
  onClose: () => void;
}) {
  const active = phase.kind === 'sending' || phase.kind === 'result';
  if (!active) return null;
  // Mounted afresh for each request, so its steps start at the first.
  return (
    <Evaluation
      phase={phase}
      offline={offline}
      company={company}
      returnUrl={returnUrl}
      onClose={onClose}
    />
  );
}

function Evaluation({
  phase,
  offline,
  company,
  returnUrl,
  onClose,
}: {
  phase: Extract<RequestPhase, { kind: 'sending' | 'result' }>;
  offline: boolean;
  company: ReferralCompany;
  returnUrl: string;
  onClose: () => void;
}) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setStep((n) => Math.min(n + 1, REFERRAL_LOADER_STEPS.length)),
      LOADER_STEP_MS,
    );
    return () => clearInterval(timer);
  }, []);

  if (phase.kind === 'result' && step >= REFERRAL_LOADER_STEPS.length - 1) {
    return (
      <ReferralResultDialog
        type={phase.type}
        request={phase.request}
        company={company}
        returnUrl={returnUrl}
        onClose={onClose}
      />
    );
  }
  if (phase.kind === 'sending' && offline) return null;
  // The last step stays "Almost done" until the answer is in.
  const current = Math.min(step, REFERRAL_LOADER_STEPS.length - 1);
  return (
    <Card withBorder padding="md" radius="md" aria-live="polite" data-testid="referral-loader">
      <Stack gap={6}>
        {REFERRAL_LOADER_STEPS.map((label, index) => (
          <Group key={label} gap="sm" wrap="nowrap">
            {index < current ? (
              <Text c="green.7" aria-hidden="true" w={16} ta="center">
                ✓
              </Text>
            ) : index === current ? (
              <Loader size={16} />
            ) : (
              <Text c="dimmed" aria-hidden="true" w={16} ta="center">
                ·
              </Text>
            )}
            <Text
              size="sm"
              c={index > current ? 'dimmed' : undefined}
              fw={index === current ? 600 : 400}
            >
              {label}
              {index === current ? '…' : ''}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
