import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SignUpForm } from '@/features/auth';

const SearchSchema = z.object({ confirm: z.optional(z.string().check(z.maxLength(254))) });

export const Route = createFileRoute('/auth/signup')({
  staticData: { mantine: true },
  validateSearch: (search) => {
    const parsed = SearchSchema.safeParse(search);
    return parsed.success ? parsed.data : {};
  },
  component: SignUpPage,
});

function SignUpPage() {
  const { confirm } = Route.useSearch();
  return <SignUpForm confirmEmail={confirm} />;
}
