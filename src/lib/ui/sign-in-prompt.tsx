import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { saveContinuation } from '@/lib/continuation';

/**
 * "Log in <what>" on a screen that needs an account (guidance, My referrals, referral credits):
 * the screen is the one the user comes back to after logging in.
 */
export function SignInPrompt({ what }: { what: string }) {
  return (
    <Text data-testid="sign-in-prompt">
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
