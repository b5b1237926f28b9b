/**
 * `/guidance/{name}/{key}` (spec §2, issue 19 part 2): the company's referees, anonymised as in
 * referrals (designation, department, years, rating), each with their services, fees, terms and
 * next free slots in the viewer's time zone; Book opens the booking panel under the service.
 * The page is the persisted `GET /guidance/companies/{id}` answer, so it reads offline.
 */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Divider,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { GuidanceReferee, OfferedService } from '@/domain/contract/guidance';
import { useConnectivity, userErrorText } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { guidanceCompanyQuery } from '../api/guidance-queries';
import { experienceText, feeText, kindLabel, ratingText, termsText } from '../booking-text';
import { SERVICE_KIND_HINTS } from '@/domain/contract/guidance';
import { deviceTimeZone, groupSlotsByDay, timeText } from '../slot-days';
import { BookPanel } from './book-panel';
import { CompanyLogo } from './company-logo';
import { SignInPrompt } from '@/lib/ui/sign-in-prompt';
import { QueryLoading } from '@/lib/ui/query-loading';

export function GuidanceCompanyPage({ companyId, name }: { companyId: string; name: string }) {
  const session = useSession();
  return (
    <Container size="sm" px="md" py="lg" data-testid="guidance-company-page">
      {session ? (
        <CompanyGuidance companyId={companyId} fallbackName={name} userId={session.sub} />
      ) : (
        <Stack gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            Guidance at {name}
          </Title>
          <SignInPrompt what="to see this company's referees and book a session." />
        </Stack>
      )}
    </Container>
  );
}

function CompanyGuidance({
  companyId,
  fallbackName,
  userId,
}: {
  companyId: string;
  fallbackName: string;
  userId: string;
}) {
  const page = useQuery(guidanceCompanyQuery(companyId));
  const connectivity = useConnectivity();
  const navigate = useNavigate();
  const timeZone = deviceTimeZone();
  const [open, setOpen] = useState<string | null>(null);
  const data = page.data;

  if (!data) {
    return (
      <Stack gap="sm" aria-busy={page.fetchStatus === 'fetching'}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          Guidance at {fallbackName}
        </Title>
        {page.isPending ? (
          <QueryLoading query={page} skeletons={[56, 180]} />
        ) : (
          <Text>
            {userErrorText(
              page.error,
              'This company could not be loaded. Check your connection and try again.',
            )}{' '}
            <Anchor component={Link} to="/guidance">
              All companies
            </Anchor>
          </Text>
        )}
      </Stack>
    );
  }

  const onPaid = (bookingId: string) =>
    void navigate({ to: '/guidance/bookings', search: { booking: bookingId } });

  return (
    <Stack gap="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <CompanyLogo name={data.company.name} src={data.company.logoUrl} size={56} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Request guidance
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {data.company.name}
          </Title>
          {data.company.industry && (
            <Text size="sm" c="dimmed">
              {data.company.industry}
            </Text>
          )}
        </Stack>
      </Group>
      {(page.isError || connectivity === 'offline') && (
        <Text size="sm" c="dimmed" data-testid="guidance-offline">
          Showing what was saved on this device; free times may have changed.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Referees are employees with a verified work email. Their names stay private until you book.
      </Text>
      {data.referees.length === 0 ? (
        <Text c="dimmed">No referee here offers services right now.</Text>
      ) : (
        data.referees.map((referee) => (
          <RefereeCard key={referee.refereeId} referee={referee}>
            {referee.services
              .filter((service) => service.enabled)
              .map((service, index) => (
                <div key={service.id}>
                  {index > 0 && <Divider my="sm" />}
                  <ServiceRow
                    service={service}
                    timeZone={timeZone}
                    open={open === service.id}
                    onToggle={() =>
                      setOpen((current) => (current === service.id ? null : service.id))
                    }
                  />
                  {open === service.id && (
                    <Card withBorder radius="md" padding="sm" mt="sm" bg="gray.0">
                      <BookPanel
                        service={service}
                        companyName={data.company.name}
                        userId={userId}
                        timeZone={timeZone}
                        onPaid={onPaid}
                      />
                    </Card>
                  )}
                </div>
              ))}
          </RefereeCard>
        ))
      )}
    </Stack>
  );
}

function RefereeCard({
  referee,
  children,
}: {
  referee: GuidanceReferee;
  children: React.ReactNode;
}) {
  const facts = [referee.department, experienceText(referee.yearsOfExperience)].filter(Boolean);
  return (
    <Card withBorder radius="md" padding="md" data-testid="guidance-referee" component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {referee.designation ?? 'Employee'}
            </Title>
            {facts.length > 0 && (
              <Text size="sm" c="dimmed">
                {facts.join(' · ')}
              </Text>
            )}
          </div>
          <Badge
            variant="light"
            color={referee.rating.count > 0 ? 'yellow' : 'gray'}
            style={{ flexShrink: 0 }}
          >
            {ratingText(referee.rating)}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function ServiceRow({
  service,
  timeZone,
  open,
  onToggle,
}: {
  service: OfferedService;
  timeZone: string;
  open: boolean;
  onToggle: () => void;
}) {
  const next = groupSlotsByDay(
    service.nextSlots.map((startsAt) => ({ startsAt })),
    timeZone,
  )[0];
  return (
    <Stack
      gap={4}
      data-testid="guidance-service"
      data-kind={service.kind}
      data-service-id={service.id}
    >
      <Group justify="space-between" wrap="nowrap" align="baseline">
        <Text fw={600}>{kindLabel(service.kind)}</Text>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {feeText(service.fee)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {termsText(service)}
      </Text>
      <Text size="sm">{service.description || SERVICE_KIND_HINTS[service.kind]}</Text>
      {service.durationMinutes !== null && (
        <Text size="sm" c="dimmed" data-testid="next-slots">
          {next
            ? `Next free: ${next.label}, ${next.slots
                .slice(0, 3)
                .map((s) => timeText(new Date(s.startsAt), timeZone))
                .join(', ')}`
            : 'No free times in the next two weeks.'}
        </Text>
      )}
      <Group>
        <Button
          size="sm"
          variant={open ? 'default' : 'filled'}
          onClick={onToggle}
          aria-expanded={open}
          disabled={service.durationMinutes !== null && service.nextSlots.length === 0 && !open}
        >
          {open ? 'Close' : service.durationMinutes !== null ? 'Book' : 'Order'}
        </Button>
      </Group>
    </Stack>
  );
}
