/**
 * The structured evaluation (issue 20): four ratings from 1 to 5, a recommendation and a summary.
 * Each company user keeps one per applicant; saving again replaces it. Saved online: the form
 * stays open until the server has it (an evaluation is considered work, not a quick tap).
 */
import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  PipelineLimits,
  type Evaluation,
  type EvaluationInput,
  type Recommendation,
} from '@/domain/contract/corporate-pipeline';
import { saveEvaluation } from '../api/pipeline-queries';

const CRITERIA = [
  ['skills', 'Skills'],
  ['experience', 'Experience'],
  ['communication', 'Communication'],
  ['cultureFit', 'Culture fit'],
] as const;

const RECOMMENDATION_LABEL: Record<Recommendation, string> = {
  'strong-yes': 'Strong yes',
  yes: 'Yes',
  no: 'No',
  'strong-no': 'Strong no',
};

type Ratings = EvaluationInput['ratings'];

export interface EvaluationFormProps {
  applicationId: string;
  mine: Evaluation | null;
  others: readonly Evaluation[];
  online: boolean;
  onSaved: () => void;
}

export function EvaluationForm({
  applicationId,
  mine,
  others,
  online,
  onSaved,
}: EvaluationFormProps) {
  const [open, setOpen] = useState(false);
  const [ratings, setRatings] = useState<Ratings>(
    mine?.ratings ?? { skills: 3, experience: 3, communication: 3, cultureFit: 3 },
  );
  const [recommendation, setRecommendation] = useState<Recommendation>(
    mine?.recommendation ?? 'yes',
  );
  const [summary, setSummary] = useState(mine?.summary ?? '');
  const [state, setState] = useState<'idle' | 'saving' | 'error'>('idle');

  async function save() {
    setState('saving');
    try {
      await saveEvaluation(applicationId, { ratings, recommendation, summary });
      setState('idle');
      setOpen(false);
      onSaved();
    } catch {
      setState('error');
    }
  }

  const all = [...(mine ? [mine] : []), ...others];
  return (
    <Stack gap={6}>
      {all.map((e) => (
        <Text key={`${e.authorName}-${e.updatedAt}`} size="sm" data-testid="evaluation">
          <Text span fw={600}>
            {e.mine ? 'Your evaluation' : e.authorName}:
          </Text>{' '}
          {RECOMMENDATION_LABEL[e.recommendation]} · skills {e.ratings.skills}/5 · experience{' '}
          {e.ratings.experience}/5 · communication {e.ratings.communication}/5 · culture fit{' '}
          {e.ratings.cultureFit}/5{e.summary ? ` · ${e.summary}` : ''}
        </Text>
      ))}
      {!open ? (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => setOpen(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {mine ? 'Edit your evaluation' : 'Evaluate'}
        </Button>
      ) : (
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            {CRITERIA.map(([key, label]) => (
              <NativeSelect
                key={key}
                label={label}
                value={String(ratings[key])}
                onChange={(e) => setRatings({ ...ratings, [key]: Number(e.currentTarget.value) })}
                data={['1', '2', '3', '4', '5']}
                style={{ width: 130 }}
              />
            ))}
          </Group>
          <NativeSelect
            label="Recommendation"
            value={recommendation}
            onChange={(e) => setRecommendation(e.currentTarget.value as Recommendation)}
            data={Object.entries(RECOMMENDATION_LABEL).map(([value, label]) => ({ value, label }))}
          />
          <Textarea
            label="Summary"
            autosize
            minRows={2}
            maxLength={PipelineLimits.summaryMax}
            value={summary}
            onChange={(e) => setSummary(e.currentTarget.value)}
          />
          {state === 'error' && (
            <Text size="sm" c="red.8" role="alert">
              The evaluation was not saved. Check your connection and try again.
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => void save()}
              loading={state === 'saving'}
              disabled={!online}
            >
              Save evaluation
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Group>
          {!online && (
            <Text size="xs" c="dimmed">
              Evaluations are saved when you are back online.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
