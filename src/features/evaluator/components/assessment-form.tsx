/**
 * The assessment form (issue 21 item 4): the profile's skills the evaluator checked, communication
 * and experience fit from 1 to 5, an overall score from 0 to 100, and notes. The rules are the
 * contract's (../assessment-form.ts); a saved assessment goes to the outbox, so the form clears at
 * once, online or not.
 */
import {
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { AssessmentLimits, type AssessmentInput } from '@/domain/contract/assessments';
import { useConnectivity } from '@/lib/api';
import {
  checkAssessment,
  EMPTY_ASSESSMENT,
  type AssessmentField,
  type AssessmentFormValues,
} from '../assessment-form';

const RATINGS = ['1', '2', '3', '4', '5'];

export interface AssessmentFormProps {
  skills: readonly string[];
  onSubmit: (input: AssessmentInput) => Promise<unknown>;
}

export function AssessmentForm({ skills, onSubmit }: AssessmentFormProps) {
  const [values, setValues] = useState<AssessmentFormValues>(EMPTY_ASSESSMENT);
  const [errors, setErrors] = useState<Partial<Record<AssessmentField, string>>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const unique = [...new Set(skills)];
  // Online, the outbox's own notice says when it is saved; offline, this says it is kept.
  const online = useConnectivity() === 'online';

  function set(patch: Partial<AssessmentFormValues>) {
    setValues({ ...values, ...patch });
    setSaved(false);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkAssessment(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(checked.input);
      setValues(EMPTY_ASSESSMENT);
      setSaved(true);
    } finally {
      setBusy(false);
    }
  }

  const rating = (field: 'communication' | 'experienceFit', label: string) => (
    <Radio.Group
      label={label}
      value={values[field] === null ? null : String(values[field])}
      onChange={(value) => set({ [field]: Number(value) })}
      error={errors[field]}
      withAsterisk
    >
      <Group gap="md" mt={4}>
        {RATINGS.map((value) => (
          <Radio key={value} value={value} label={value} aria-label={`${label} ${value}`} />
        ))}
      </Group>
    </Radio.Group>
  );

  return (
    <Card withBorder padding="md" component="section" aria-label="New assessment">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="assessment-form">
        <Stack gap="sm">
          <Title order={2} size="h4">
            New assessment
          </Title>
          {unique.length > 0 ? (
            <Checkbox.Group
              label="Skills verified"
              description="The profile's skills you checked"
              value={[...values.skillsVerified]}
              onChange={(skillsVerified) => set({ skillsVerified })}
            >
              <Group gap="sm" mt={4}>
                {unique.map((skill) => (
                  <Checkbox key={skill} value={skill} label={skill} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : (
            <Text size="sm" c="dimmed">
              This profile lists no skills to verify.
            </Text>
          )}
          {rating('communication', 'Communication')}
          {rating('experienceFit', 'Experience fit')}
          <TextInput
            label="Overall score (0–100)"
            inputMode="numeric"
            value={values.overall}
            onChange={(e) => set({ overall: e.currentTarget.value })}
            error={errors.overall}
            withAsterisk
            maw={200}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxRows={10}
            value={values.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
            error={errors.notes}
            description={`${values.notes.trim().length}/${AssessmentLimits.notesMax}`}
          />
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              Save assessment
            </Button>
            {saved && !online && (
              <Text size="sm" c="teal" role="status">
                Saved on this device. It is sent when you are back online.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
