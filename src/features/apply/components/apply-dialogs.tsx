/**
 * The dialogs of the apply flow (spec §8 "Dialogs", spec §4 Application and Profile state).
 * Titles are the spec's; the texts say what happened and what happens next.
 */
import { LinkButton } from '@/lib/ui/link-button';
import buttons from '@/lib/ui/button.module.css';
import { MessageDialog } from '@/lib/ui/message-dialog';

export type ApplyDialog =
  | { type: 'submitted' }
  | { type: 'alreadySubmitted' }
  | { type: 'failed'; error: string; seq: number }
  | { type: 'scoresProcessing' }
  | { type: 'profileIncomplete'; offer: 'updateProfile' | 'updateResume'; cvMissing: boolean }
  | { type: 'externalConfirm' };

export interface ApplyDialogsProps {
  readonly dialog: ApplyDialog;
  readonly onClose: () => void;
  readonly onRetry: (seq: number) => void;
  readonly onDiscard: (seq: number) => void;
  readonly onExternalAnswer: (applied: boolean) => void;
  readonly onUpdateResume: () => void;
}

export function ApplyDialogs(props: ApplyDialogsProps) {
  const { dialog, onClose } = props;
  const okay = (
    <button type="button" className={buttons.button} onClick={onClose}>
      Okay
    </button>
  );
  switch (dialog.type) {
    case 'submitted':
      return (
        <MessageDialog
          title="Application Submitted"
          onClose={onClose}
          actions={okay}
          testId="apply-dialog"
        >
          <p>Your application has been sent. You can follow it from your dashboard.</p>
        </MessageDialog>
      );
    case 'alreadySubmitted':
      return (
        <MessageDialog
          title="Already submitted"
          onClose={onClose}
          actions={okay}
          testId="apply-dialog"
        >
          <p>You have already applied for this job. Check your dashboard for its status.</p>
        </MessageDialog>
      );
    case 'failed':
      return (
        <MessageDialog
          title="Application Failed"
          onClose={onClose}
          testId="apply-dialog"
          actions={
            <>
              <button
                type="button"
                className={buttons.button}
                onClick={() => props.onRetry(dialog.seq)}
              >
                Try again
              </button>
              <button
                type="button"
                className={buttons.secondary}
                onClick={() => props.onDiscard(dialog.seq)}
              >
                Discard
              </button>
            </>
          }
        >
          <p>We could not submit your application. Please try again later.</p>
          <p>{dialog.error}</p>
        </MessageDialog>
      );
    case 'scoresProcessing':
      return (
        <MessageDialog
          title="Failed to apply"
          onClose={onClose}
          actions={okay}
          testId="apply-dialog"
        >
          <p>
            Your match scores are still being processed. Your application is kept and will be sent
            by itself in a few minutes.
          </p>
        </MessageDialog>
      );
    case 'profileIncomplete':
      return (
        <MessageDialog
          title="Profile Incomplete"
          onClose={onClose}
          testId="apply-dialog"
          actions={
            <>
              {dialog.offer === 'updateProfile' && (
                <LinkButton to="/post-signup-form">Update Profile</LinkButton>
              )}
              {/* Basic fields and the CV both missing: either step helps, so both are offered. */}
              {(dialog.offer === 'updateResume' || dialog.cvMissing) && (
                <button
                  type="button"
                  className={dialog.offer === 'updateResume' ? buttons.button : buttons.secondary}
                  onClick={props.onUpdateResume}
                >
                  Update Resume
                </button>
              )}
              <button type="button" className={buttons.secondary} onClick={onClose}>
                Not now
              </button>
            </>
          }
        >
          <p>
            {dialog.offer === 'updateResume'
              ? 'Upload your CV so referees can see your experience and we can work out your match score.'
              : 'Add your current CTC and experience so referees can judge your application.'}
          </p>
        </MessageDialog>
      );
    case 'externalConfirm':
      return (
        <MessageDialog
          title="Have you applied for this job?"
          onClose={() => props.onExternalAnswer(false)}
          testId="apply-dialog"
          actions={
            <>
              <button
                type="button"
                className={buttons.button}
                onClick={() => props.onExternalAnswer(true)}
              >
                Yes
              </button>
              <button
                type="button"
                className={buttons.secondary}
                onClick={() => props.onExternalAnswer(false)}
              >
                No
              </button>
            </>
          }
        >
          <p>
            We opened the job on the company&apos;s site. Tell us if you applied, and we will keep
            track of it for you.
          </p>
        </MessageDialog>
      );
  }
}
