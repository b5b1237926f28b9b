import { useNavigate } from '@tanstack/react-router';
import type { AccessDialog } from '@/domain/route-access';
import { DASHBOARD_PATHS } from '@/domain/roles';
import { SUPPORT_EMAIL } from '@/domain/support';
import { loadAuthActions } from '@/lib/auth';
import buttonClasses from '@/lib/ui/button.module.css';
import { LinkButton } from '@/lib/ui/link-button';
import linkButtonClasses from '@/lib/ui/link-button.module.css';
import { MessageDialog } from '@/lib/ui/message-dialog';

// spec §2 "Access-denied dialogs": exact titles, texts and buttons. The spec gives the admin
// dialog no text; ours says what "Login as Admin" is for (docs/decisions.md).
const CONTENT: Record<AccessDialog, { title: string; text: string }> = {
  corporate: { title: 'Corporate Access Denied', text: 'You do not have access to this page.' },
  admin: {
    title: 'Admin Access Denied',
    text: 'You do not have access to this page. Log in with an admin account to continue.',
  },
  default: {
    title: 'Access Denied',
    text: 'You do not have access to this page. Please contact your administrator.',
  },
};

/**
 * A modal dialog (native <dialog>: focus moves in and stays in, Escape closes) shown instead of
 * a page the signed-in user may not open. Escape means "get me out": it goes home like the first
 * button. Login and Login as Admin sign the current user out first, since the login page refuses
 * to sign in over a signed-in user (spec §8 "There is already a signed in user.").
 */
export function AccessDeniedDialog({ dialog }: { dialog: AccessDialog }) {
  const navigate = useNavigate();
  const { title, text } = CONTENT[dialog];
  // spec §2: the corporate dialog's Go to Home leads to corporate jobs, the users' home.
  const home = dialog === 'corporate' ? DASHBOARD_PATHS.corporate : '/';

  const loginAgain = async () => {
    const { signOutEverywhere } = await loadAuthActions();
    await signOutEverywhere().catch(() => undefined);
    await navigate({ to: '/auth/login' });
  };

  return (
    <MessageDialog
      title={title}
      // Escape means "get me out": it goes home like the first button.
      onClose={() => void navigate({ to: home })}
      actions={
        <>
          <LinkButton to={home}>Go to Home</LinkButton>
          {dialog === 'corporate' ? (
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className={`${linkButtonClasses.button} ${linkButtonClasses.outline} ${linkButtonClasses.md}`}
            >
              Contact Us
            </a>
          ) : (
            <button
              type="button"
              className={buttonClasses.secondary}
              onClick={() => void loginAgain()}
            >
              {dialog === 'admin' ? 'Login as Admin' : 'Login'}
            </button>
          )}
        </>
      }
    >
      <p>{text}</p>
    </MessageDialog>
  );
}
