import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { submitContactRequest, type ContactRequestInput } from '../api/submit-contact-request';
import {
  TEAM_SIZES,
  validateContactRequest,
  type ContactErrors,
  type ContactField,
} from '../content/contact-form';
import classes from './contact-form.module.css';

const EMPTY: ContactRequestInput = {
  name: '',
  email: '',
  company: '',
  phone: '',
  teamSize: '',
  message: '',
};

const ORDER: ContactField[] = ['name', 'email', 'company', 'phone', 'teamSize', 'message'];

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** The corporate contact form: every field labelled, errors next to their field (linked with
 * aria-describedby), the first invalid field focused on submit. */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const set = (field: ContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContactRequest(values);
    setErrors(found);
    const firstInvalid = ORDER.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`contact-${firstInvalid}`)?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await submitContactRequest(values);
      setStatus({ kind: 'sent' });
      setValues(EMPTY);
      toast.success('Thanks! Our corporate team will reply within one working day.');
    } catch (error) {
      setStatus({
        kind: 'failed',
        message: error instanceof Error ? error.message : 'Something went wrong',
      });
    }
  };

  if (status.kind === 'sent') {
    return (
      <div role="status" className={classes.sent}>
        <h2 className={classes.sentTitle}>Thank you, we have your request</h2>
        <p>Our corporate team will reply to your work email within one working day.</p>
        <button
          type="button"
          className={classes.linkButton}
          onClick={() => setStatus({ kind: 'idle' })}
        >
          Send another request
        </button>
      </div>
    );
  }

  return (
    <form
      className={classes.form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className={classes.title}>
        Tell us about your hiring
      </h2>
      <p className={classes.hint}>Fields marked * are required.</p>
      <Field id="name" label="Your name *" error={errors.name}>
        {(props) => (
          <input
            {...props}
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
        )}
      </Field>
      <Field id="email" label="Work email *" error={errors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        )}
      </Field>
      <Field id="company" label="Company *" error={errors.company}>
        {(props) => (
          <input
            {...props}
            autoComplete="organization"
            value={values.company}
            onChange={(e) => set('company')(e.target.value)}
          />
        )}
      </Field>
      <Field id="phone" label="Phone (optional)" error={errors.phone}>
        {(props) => (
          <input
            {...props}
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
        )}
      </Field>
      <Field id="teamSize" label="Company size (employees) *" error={errors.teamSize}>
        {(props) => (
          <select
            {...props}
            value={values.teamSize}
            onChange={(e) => set('teamSize')(e.target.value)}
          >
            <option value="">Choose a size</option>
            {TEAM_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="message" label="What are you hiring for? *" error={errors.message}>
        {(props) => (
          <textarea
            {...props}
            rows={5}
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
          />
        )}
      </Field>
      {status.kind === 'failed' && (
        <p role="alert" className={classes.formError}>
          We could not send your request: {status.message}
        </p>
      )}
      <button type="submit" className={classes.submit} disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending…' : 'Send request'}
      </button>
    </form>
  );
}

interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: ContactField;
  label: string;
  error: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const controlId = `contact-${id}`;
  const errorId = `${controlId}-error`;
  return (
    <div className={classes.field}>
      <label htmlFor={controlId} className={classes.label}>
        {label}
      </label>
      {children({
        id: controlId,
        name: id,
        className: classes.control ?? '',
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}
