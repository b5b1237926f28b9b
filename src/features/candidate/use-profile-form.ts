import { useCallback, useMemo, useState } from 'react';
import {
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileFormValues,
} from './profile-values';

/**
 * Form state with inline validation: a field's error shows once it has been left (blur) or after
 * a submit attempt, and then follows every keystroke, so a fixed value clears its error at once.
 */
export function useProfileForm(initial: ProfileFormValues) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<ProfileField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const allErrors = useMemo(() => validateProfile(values), [values]);
  const errors: ProfileErrors = useMemo(
    () =>
      submitted
        ? allErrors
        : Object.fromEntries(
            Object.entries(allErrors).filter(([field]) => touched.has(field as ProfileField)),
          ),
    [allErrors, submitted, touched],
  );

  const onChange = useCallback(
    <F extends ProfileField>(field: F, value: ProfileFormValues[F]) =>
      setValues((old) => ({ ...old, [field]: value })),
    [],
  );
  const onBlur = useCallback(
    (field: ProfileField) => setTouched((old) => (old.has(field) ? old : new Set(old).add(field))),
    [],
  );

  /** Marks the form submitted (all errors show) and says whether the values can be sent. */
  const check = useCallback(() => {
    setSubmitted(true);
    return Object.keys(allErrors).length === 0;
  }, [allErrors]);

  return { values, errors, onChange, onBlur, check };
}
