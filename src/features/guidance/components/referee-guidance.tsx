/**
 * The referee's guidance section of the employee dashboard (issue 19 parts 1 and 3): the
 * schedule of bookings first (what needs doing), then the services and the weekly hours. Both
 * answers are persisted, so a referee reads the schedule offline; every change is an outbox
 * action. A penalty pause (too many cancellations or moves) is said plainly.
 */
import { Alert, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GuidanceLimits } from '@/domain/contract/guidance';
import { showsSavedCopy, userErrorText } from '@/lib/api';
import { useOutboxActions, useOutboxEvents } from '@/lib/outbox';
import { guidanceKeys, refereeGuidanceQuery, scheduleQuery } from '../api/guidance-queries';
import { isUpcoming, ratingText } from '../booking-text';
import { deviceTimeZone, whenText } from '../slot-days';
import { AvailabilityEditor } from './availability-editor';
import { BookingCard } from './booking-card';
import { ServicesEditor } from './services-editor';
import { QueryLoading } from '@/lib/ui/query-loading';

const isGuidanceKind = (kind: string) => kind.startsWith('guidance');

export function RefereeGuidance({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  // Both asked again on every visit (the saved copies show meanwhile and offline): another device
  // may have changed the services, and the schedule moves with every booking.
  const setup = useQuery({ ...refereeGuidanceQuery(userId), refetchOnMount: 'always' });
  const schedule = useQuery({ ...scheduleQuery(userId), refetchOnMount: 'always' });
  const actions = useOutboxActions(userId).filter((a) => isGuidanceKind(a.kind));
  useOutboxEvents((event) => {
    if (event.type === 'changed' && event.state === 'done' && isGuidanceKind(event.kind)) {
      void queryClient.invalidateQueries({ queryKey: guidanceKeys.user(userId) });
    }
  });
  const timeZone = deviceTimeZone();
  const bookings = schedule.data ?? [];
  const upcoming = bookings.filter(isUpcoming);
  const past = bookings.filter((b) => !isUpcoming(b));

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="guidance-heading"
      data-testid="referee-guidance"
    >
      <Title order={2} size="h3" id="guidance-heading">
        Guidance
      </Title>
      {setup.data && (
        <Text size="sm" c="dimmed">
          Your rating: {ratingText(setup.data.rating)}
        </Text>
      )}
      {setup.data?.pausedUntil && (
        <Alert
          color="yellow"
          variant="light"
          title="Your services are paused"
          data-testid="guidance-paused"
        >
          You cancelled or moved {setup.data.recentChanges} sessions in the last{' '}
          {GuidanceLimits.penaltyWindowDays} days, so new bookings are off until{' '}
          {whenText(setup.data.pausedUntil, timeZone)}. Booked sessions go ahead as planned.
        </Alert>
      )}
      <Tabs defaultValue="schedule" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="schedule">Schedule</Tabs.Tab>
          <Tabs.Tab value="services">Services</Tabs.Tab>
          <Tabs.Tab value="hours">Hours</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="schedule" pt="sm">
          {showsSavedCopy(schedule) && bookings.length > 0 && (
            <Text size="sm" c="dimmed" mb="xs">
              Showing the schedule saved on this device.
            </Text>
          )}
          {schedule.isPending && bookings.length === 0 ? (
            <QueryLoading query={schedule} skeletons={[120]} />
          ) : bookings.length === 0 ? (
            <Text c="dimmed" data-testid="schedule-empty">
              {schedule.isError
                ? userErrorText(
                    schedule.error,
                    'Your schedule could not be loaded. Check your connection and try again.',
                  )
                : 'No bookings yet. Turn on a service and add your hours so candidates can book you.'}
            </Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              data-testid="referee-schedule"
            >
              {[...upcoming, ...past].map((booking) => (
                <li key={booking.id}>
                  <BookingCard
                    booking={booking}
                    userId={userId}
                    timeZone={timeZone}
                    queued={actions.filter((a) => a.subject === `guidance:${booking.id}`)}
                    confirming={false}
                  />
                </li>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="services" pt="sm">
          {setup.data ? (
            <ServicesEditor services={setup.data.services} userId={userId} />
          ) : (
            <SetupMissing pending={setup.isPending} error={setup.error} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="hours" pt="sm">
          {setup.data ? (
            <AvailabilityEditor
              // Fresh hours from the server start the form again from them.
              key={JSON.stringify([setup.data.timeZone, setup.data.windows])}
              timeZone={setup.data.timeZone}
              windows={setup.data.windows}
              userId={userId}
            />
          ) : (
            <SetupMissing pending={setup.isPending} error={setup.error} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function SetupMissing({ pending, error }: { pending: boolean; error: unknown }) {
  if (pending) return <Skeleton height={160} />;
  return (
    <Text c="dimmed">
      {userErrorText(
        error,
        'Your services could not be loaded. Check your connection and try again.',
      )}
    </Text>
  );
}
