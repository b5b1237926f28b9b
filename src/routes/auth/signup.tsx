import { createFileRoute } from '@tanstack/react-router';
import { SignUpForm } from '@/features/auth';
import { boundedString } from '@/lib/stored-values';

/** The address whose confirmation code the form asks for: an email is at most 254 characters. */
const CONFIRM_EMAIL_LENGTH = 254;

export const Route = createFileRoute('/auth/signup')({
  staticData: { mantine: true },
  validateSearch: (search): { confirm?: string } => {
    const confirm = boundedString(search.confirm, CONFIRM_EMAIL_LENGTH);
    return confirm === undefined ? {} : { confirm };
  },
  component: SignUpPage,
});

function SignUpPage() {
  const { confirm } = Route.useSearch();
  return <SignUpForm confirmEmail={confirm} />;
}
