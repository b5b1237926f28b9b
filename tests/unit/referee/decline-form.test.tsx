/**
 * The referee's decline form (issue 17): a reason from the contract's DECLINE_REASONS is
 * required, "Other" needs a few words (the server's rule and words), the free text is trimmed
 * and sent with the reason, and Cancel sends nothing.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DECLINE_REASONS, ReferralErrors } from '@/domain/contract/referrals';
import { DeclineForm } from '@/features/referee';

function renderForm() {
  const onDecline = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <DeclineForm onDecline={onDecline} onCancel={onCancel} />
    </MantineProvider>,
  );
  return { onDecline, onCancel, user: userEvent.setup() };
}

describe('DeclineForm', () => {
  it('offers every decline reason of the contract', () => {
    renderForm();
    for (const text of Object.values(DECLINE_REASONS)) {
      expect(screen.getByRole('radio', { name: text })).toBeInTheDocument();
    }
  });

  it('asks for a reason before declining', async () => {
    const { onDecline, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason.');
    expect(onDecline).not.toHaveBeenCalled();
  });

  it('sends the reason with trimmed free text', async () => {
    const { onDecline, user } = renderForm();
    await user.click(screen.getByRole('radio', { name: DECLINE_REASONS.roleFilled }));
    await user.type(screen.getByRole('textbox'), '  Filled last week  ');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledExactlyOnceWith({
      reason: 'roleFilled',
      text: 'Filled last week',
    });
  });

  it('a reason alone is enough (no empty text is sent)', async () => {
    const { onDecline, user } = renderForm();
    await user.click(screen.getByRole('radio', { name: DECLINE_REASONS.notMyTeam }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledExactlyOnceWith({ reason: 'notMyTeam' });
  });

  it('"Other" needs a few words, in the server’s words', async () => {
    const { onDecline, user } = renderForm();
    await user.click(screen.getByRole('radio', { name: DECLINE_REASONS.other }));
    await user.type(screen.getByRole('textbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ReferralErrors.declineNeedsText);
    expect(onDecline).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox'), 'Hiring freeze');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledExactlyOnceWith({ reason: 'other', text: 'Hiring freeze' });
  });

  it('Cancel sends nothing', async () => {
    const { onDecline, onCancel, user } = renderForm();
    await user.click(screen.getByRole('radio', { name: DECLINE_REASONS.jobClosed }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onDecline).not.toHaveBeenCalled();
  });
});
