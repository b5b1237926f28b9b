import { useNavigate } from '@tanstack/react-router';
import buttons from '@/lib/ui/button.module.css';

export const PENDING_CONTINUATION_KEY = 'pendingReferralContinuation';

/**
 * spec §4: not logged in on Apply → save the pending referral continuation and go to
 * /auth/login. There is no session yet, so every visitor is logged out here; the apply flow
 * itself (dialogs, outbox) comes with its own issue.
 */
export function ApplyButton() {
  const navigate = useNavigate();
  const apply = () => {
    const continuation = JSON.stringify({
      type: 'referral',
      url: window.location.pathname,
      data: {},
    });
    // spec §4: the continuation is kept in session and local storage.
    sessionStorage.setItem(PENDING_CONTINUATION_KEY, continuation);
    localStorage.setItem(PENDING_CONTINUATION_KEY, continuation);
    void navigate({ to: '/auth/login' });
  };
  return (
    <button
      type="button"
      className={buttons.button}
      style={{ minHeight: 44, alignSelf: 'flex-start' }}
      onClick={apply}
    >
      Apply
    </button>
  );
}
