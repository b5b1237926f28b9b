/**
 * The referee's four services (issue 19 part 1): each on/off, a fee in rupees (contract bounds),
 * a session length (live) or delivery days (resume writing) and a short description. Saving is
 * an outbox action, so it works offline; the form shows the saved values meanwhile.
 */
import {
  Button,
  Card,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  GuidanceErrors,
  GuidanceLimits,
  SERVICE_KIND_HINTS,
  isLiveKind,
  type ServiceDto,
  type ServiceInput,
} from '@/domain/contract/guidance';
import { enqueueAction } from '@/lib/outbox';
import { kindLabel } from '../booking-text';

export function ServicesEditor({
  services,
  userId,
}: {
  services: readonly ServiceDto[];
  userId: string;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="guidance-services-heading">
      <Title order={2} size="h3" id="guidance-services-heading">
        Your services
      </Title>
      {services.map((service) => (
        // Fresh values from the server start the form again from them.
        <ServiceForm key={JSON.stringify(service)} service={service} userId={userId} />
      ))}
    </Stack>
  );
}

function ServiceForm({ service, userId }: { service: ServiceDto; userId: string }) {
  const live = isLiveKind(service.kind);
  const [enabled, setEnabled] = useState(service.enabled);
  const [fee, setFee] = useState<number | string>(service.fee || 499);
  const [duration, setDuration] = useState(
    String(service.durationMinutes ?? GuidanceLimits.defaultDurationMinutes),
  );
  const [days, setDays] = useState<number | string>(
    service.deliveryDays ?? GuidanceLimits.defaultDeliveryDays,
  );
  const [description, setDescription] = useState(service.description);
  const [saved, setSaved] = useState(false);
  const feeNumber = typeof fee === 'number' ? fee : Number(fee);
  const feeOk =
    Number.isInteger(feeNumber) &&
    feeNumber >= GuidanceLimits.feeMinRupees &&
    feeNumber <= GuidanceLimits.feeMaxRupees;

  function save() {
    if (!feeOk) return;
    const body: ServiceInput = {
      enabled,
      fee: feeNumber,
      ...(live
        ? { durationMinutes: Number(duration) as ServiceInput['durationMinutes'] }
        : { deliveryDays: Number(days) }),
      description: description.trim(),
    };
    void enqueueAction({
      kind: 'guidanceService',
      userId,
      subject: `guidance-service:${service.kind}`,
      payload: { kind: service.kind, service: body },
    });
    setSaved(true);
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="service-form" data-kind={service.kind}>
      <Stack gap="xs">
        <Switch
          label={<Text fw={600}>{kindLabel(service.kind)}</Text>}
          description={SERVICE_KIND_HINTS[service.kind]}
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.currentTarget.checked);
            setSaved(false);
          }}
        />
        {enabled && (
          <>
            <NumberInput
              label="Fee (₹)"
              min={GuidanceLimits.feeMinRupees}
              max={GuidanceLimits.feeMaxRupees}
              allowDecimal={false}
              thousandSeparator=","
              value={fee}
              onChange={(v) => {
                setFee(v);
                setSaved(false);
              }}
              error={feeOk ? undefined : GuidanceErrors.feeOutOfRange}
            />
            {live ? (
              <Select
                label="Session length"
                data={GuidanceLimits.durations.map((m) => ({
                  value: String(m),
                  label: `${m} minutes`,
                }))}
                value={duration}
                allowDeselect={false}
                onChange={(v) => {
                  if (v) setDuration(v);
                  setSaved(false);
                }}
              />
            ) : (
              <NumberInput
                label="Delivered within (days)"
                min={GuidanceLimits.deliveryDaysMin}
                max={GuidanceLimits.deliveryDaysMax}
                allowDecimal={false}
                value={days}
                onChange={(v) => {
                  setDays(v);
                  setSaved(false);
                }}
              />
            )}
            <Textarea
              label="Description"
              placeholder="What the candidate gets from you"
              autosize
              minRows={2}
              maxLength={GuidanceLimits.descriptionMax}
              value={description}
              onChange={(e) => {
                setDescription(e.currentTarget.value);
                setSaved(false);
              }}
            />
          </>
        )}
        <Button
          size="xs"
          variant="default"
          onClick={save}
          disabled={!feeOk}
          style={{ alignSelf: 'flex-start' }}
        >
          {saved ? 'Saved' : 'Save'}
        </Button>
      </Stack>
    </Card>
  );
}
