/**
 * Every job field of spec §3 (issue 20): title, department, location with further cities, work
 * mode, employment type, salary and experience ranges from the spec §9 bands with the
 * display-salary switch, the three kinds of skills, and the rich-text description (loaded on
 * demand). Controlled: the page owns the values (and saves them on the device as they change).
 */
import {
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { DEPARTMENTS, EMPLOYMENT_TYPES, WORK_MODES } from '@/domain/job-catalog';
import {
  EXPERIENCE_FROM,
  EXPERIENCE_TO,
  SALARY_FROM,
  SALARY_TO,
  type JobFormErrors,
  type JobFormValues,
} from '../job-form-model';

const DescriptionEditor = lazy(() => import('./description-editor'));

export interface JobFormProps {
  values: JobFormValues;
  errors: JobFormErrors;
  onChange: (values: JobFormValues) => void;
}

const options = (values: readonly number[], format: (n: number) => string) =>
  values.map((value) => ({ value: String(value), label: format(value) }));

// spec §9: salary in lakhs per annum; experience's last band (25-100) reads "25+".
const salaryFrom = options(SALARY_FROM, (n) => `${n} L`);
const salaryTo = options(SALARY_TO, (n) => `${n} L`);
const experienceFrom = options(EXPERIENCE_FROM, (n) => `${n} yrs`);
const experienceTo = options(EXPERIENCE_TO, (n) => (n >= 100 ? '25+ yrs' : `${n} yrs`));

export function JobForm({ values, errors, onChange }: JobFormProps) {
  const set = <K extends keyof JobFormValues>(field: K, value: JobFormValues[K]) =>
    onChange({ ...values, [field]: value });
  return (
    <Stack gap="md">
      <TextInput
        label="Job title"
        required
        value={values.jobTitle}
        error={errors.jobTitle}
        onChange={(e) => set('jobTitle', e.currentTarget.value)}
      />
      <Select
        label="Department"
        required
        searchable
        data={[...DEPARTMENTS]}
        value={values.department || null}
        error={errors.department}
        onChange={(v) => set('department', v ?? '')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="City"
          required
          description="Where the job is based"
          value={values.city}
          error={errors.city}
          onChange={(e) => set('city', e.currentTarget.value)}
        />
        <TagsInput
          label="Other cities"
          description="Press Enter after each"
          value={values.otherCities}
          error={errors.otherCities}
          onChange={(v) => set('otherCities', v)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Work mode"
          required
          data={[...WORK_MODES]}
          value={values.workMode || null}
          error={errors.workMode}
          onChange={(v) => set('workMode', v ?? '')}
        />
        <Select
          label="Employment type"
          required
          data={[...EMPLOYMENT_TYPES]}
          value={values.typeofEmployment || null}
          error={errors.typeofEmployment}
          onChange={(v) => set('typeofEmployment', v ?? '')}
        />
      </SimpleGrid>
      <div>
        <Text fw={500} size="sm">
          Salary (lakhs per annum)
        </Text>
        <Text size="xs" c="dimmed">
          Posts without a salary range are reviewed before they are listed.
        </Text>
        <Group grow mt={4} align="flex-start">
          <Select
            label="Salary from"
            clearable
            data={salaryFrom}
            value={values.salaryMin || null}
            error={errors.salaryMin}
            onChange={(v) => set('salaryMin', v ?? '')}
          />
          <Select
            label="Salary to"
            clearable
            data={salaryTo}
            value={values.salaryMax || null}
            error={errors.salaryMax}
            onChange={(v) => set('salaryMax', v ?? '')}
          />
        </Group>
        <Switch
          mt="xs"
          label="Show the salary on the job page"
          checked={values.displaySalaryRange}
          onChange={(e) => set('displaySalaryRange', e.currentTarget.checked)}
        />
      </div>
      <div>
        <Group grow align="flex-start">
          <Select
            label="Experience from"
            clearable
            data={experienceFrom}
            value={values.experienceMin || null}
            error={errors.experienceMin}
            onChange={(v) => set('experienceMin', v ?? '')}
          />
          <Select
            label="Experience to"
            clearable
            data={experienceTo}
            value={values.experienceMax || null}
            error={errors.experienceMax}
            onChange={(v) => set('experienceMax', v ?? '')}
          />
        </Group>
      </div>
      <TagsInput
        label="Core skills"
        description="What the job is about, scored most in the match (press Enter after each)"
        value={values.coreSkills}
        error={errors.coreSkills}
        onChange={(v) => set('coreSkills', v)}
      />
      <TagsInput
        label="Technical skills"
        description="Tools and technologies"
        value={values.technicalSkills}
        error={errors.technicalSkills}
        onChange={(v) => set('technicalSkills', v)}
      />
      <TagsInput
        label="Soft skills"
        value={values.softSkills}
        error={errors.softSkills}
        onChange={(v) => set('softSkills', v)}
      />
      <Suspense fallback={<Text size="sm">Loading the editor…</Text>}>
        <DescriptionEditor
          value={values.jobDescription}
          error={errors.jobDescription}
          onChange={(html) => set('jobDescription', html)}
        />
      </Suspense>
    </Stack>
  );
}
