import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { saveContinuation } from '@/lib/continuation';

/** Guidance needs an account (the referees' services are shown to signed-in users only). */
export function SignInPrompt({ what }: { what: string }) {
  return (
    <Text data-testid="guidance-sign-in">
      <Anchor
        component={Link}
        to="/auth/login"
        onClick={() => saveContinuation(window.location.pathname)}
      >
        Log in
      </Anchor>{' '}
      {what}
    </Text>
  );
}
