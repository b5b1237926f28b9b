import { NumberInput, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { SKILLS, type SkillKind } from '@/domain/skills';
import { ProfileLimits as L } from '@/domain/contract/profile';
import type { ProfileErrors, ProfileField, ProfileFormValues } from '../profile-values';

export interface ProfileFieldsProps {
  readonly values: ProfileFormValues;
  /** Only the errors to show now (touched fields, or all after a submit). */
  readonly errors: ProfileErrors;
  readonly onChange: <F extends ProfileField>(field: F, value: ProfileFormValues[F]) => void;
  readonly onBlur: (field: ProfileField) => void;
  readonly disabled?: boolean;
}

// Suggestions per list from the shared taxonomy (src/domain/skills); free entry stays allowed.
const suggestions = (kind: SkillKind) => SKILLS.filter((s) => s.kind === kind).map((s) => s.name);
const SUGGESTIONS: Record<SkillKind, string[]> = {
  core: suggestions('core'),
  technical: suggestions('technical'),
  soft: suggestions('soft'),
};

const SKILL_LISTS = [
  ['coreSkills', 'Core skills', 'core'],
  ['technicalSkills', 'Technical skills', 'technical'],
  ['softSkills', 'Soft skills', 'soft'],
] as const;

/** The editable profile fields (issue 10), controlled; shared by the edit and create forms. */
export function ProfileFields({ values, errors, onChange, onBlur, disabled }: ProfileFieldsProps) {
  const text = (field: 'fullName' | 'designation' | 'location') => ({
    value: values[field],
    error: errors[field],
    disabled,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(field, e.currentTarget.value),
    onBlur: () => onBlur(field),
  });
  const number = (field: 'YOE' | 'CTC' | 'ECTC' | 'noticePeriod') => ({
    value: values[field],
    error: errors[field],
    disabled,
    onChange: (value: number | string) => onChange(field, value),
    onBlur: () => onBlur(field),
    allowNegative: false,
    // Out-of-range numbers stay as typed and get an inline error, rather than silently changing.
    clampBehavior: 'none' as const,
    hideControls: true,
  });

  return (
    <Stack gap="md">
      <TextInput label="Full name" autoComplete="name" required {...text('fullName')} />
      <TextInput label="Designation" autoComplete="organization-title" {...text('designation')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label="Years of experience"
          description={`0 to ${L.yoeMax}`}
          decimalScale={1}
          {...number('YOE')}
        />
        <NumberInput
          label="Notice period (days)"
          description={`0 to ${L.noticePeriodMax} days`}
          allowDecimal={false}
          {...number('noticePeriod')}
        />
        <NumberInput
          label="Current CTC (lakhs per annum)"
          description="e.g. 12.5 for ₹12.5 lakh a year"
          decimalScale={2}
          {...number('CTC')}
        />
        <NumberInput label="Expected CTC (lakhs per annum)" decimalScale={2} {...number('ECTC')} />
      </SimpleGrid>
      <TextInput label="Location" autoComplete="address-level2" {...text('location')} />
      {SKILL_LISTS.map(([field, label, kind]) => (
        <TagsInput
          key={field}
          label={label}
          description="Pick from the list or type your own; press Enter or a comma to add."
          data={SUGGESTIONS[kind]}
          limit={8}
          maxTags={L.skillsPerList}
          splitChars={[',']}
          acceptValueOnBlur
          clearable
          value={values[field]}
          error={errors[field]}
          disabled={disabled}
          onChange={(list) => onChange(field, list)}
          onBlur={() => onBlur(field)}
        />
      ))}
      <Textarea
        label="About"
        description={`At most ${L.aboutMax} characters`}
        // Not `autosize`: it needs document.fonts, which test DOMs lack, for little gain here.
        rows={4}
        resize="vertical"
        value={values.about}
        error={errors.about}
        disabled={disabled}
        onChange={(e) => onChange('about', e.currentTarget.value)}
        onBlur={() => onBlur('about')}
      />
    </Stack>
  );
}
