import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

// spec §2 "FAQ page": the topics each tab must cover.
const CANDIDATE_TOPICS = [
  'requesting a referral',
  'matching',
  'timeline',
  'platform fee',
  'successful referral',
  'adding a missing company',
  'rejection',
  'talking to referees',
  'services',
  'improving the score',
  're-requesting after applying',
];
const EMPLOYEE_TOPICS = [
  'privacy',
  'work email',
  'referral obligation',
  'benefits',
  'who can be a referee',
  'payment for services',
  'expertise',
  'unpublished jobs',
  'no-referral policy',
];

describe('FAQ page (spec §2)', () => {
  it('opens on the Employee tab, with one h1 and the support-email link', async () => {
    await renderApp('/faq');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Employee', 'Candidates']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Employee');
    expect(screen.getByRole('link', { name: 'support@referralhub.example' })).toHaveAttribute(
      'href',
      'mailto:support@referralhub.example',
    );
  });

  it('moves between tabs with the arrow keys, Home and End (WAI-ARIA tabs)', async () => {
    const user = userEvent.setup();
    await renderApp('/faq');
    const [employee, candidates] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    employee.focus();
    await user.keyboard('{ArrowRight}');
    expect(candidates).toHaveFocus();
    expect(candidates).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Candidates');
    await user.keyboard('{ArrowRight}');
    expect(employee).toHaveFocus();
    await user.keyboard('{End}');
    expect(candidates).toHaveFocus();
    await user.keyboard('{Home}');
    expect(employee).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(candidates).toHaveAttribute('aria-selected', 'true');
  });

  it('toggles an answer with Enter and Space; the button controls its region', async () => {
    const user = userEvent.setup();
    await renderApp('/faq');
    const panel = screen.getByRole('tabpanel');
    const question = within(panel).getByRole('button', { name: /Why do you need my work email/ });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(answer).not.toBeVisible();

    question.focus();
    await user.keyboard('{Enter}');
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(/one-time code/);
    await user.keyboard(' ');
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('FAQ content', () => {
  it('covers every topic the spec lists, on the right tab', async () => {
    const { candidateFaq, employeeFaq } = await import('@/features/info-pages/content/faq');
    expect(candidateFaq.map((item) => item.topic)).toEqual(CANDIDATE_TOPICS);
    expect(employeeFaq.map((item) => item.topic)).toEqual(EMPLOYEE_TOPICS);
    for (const item of [...candidateFaq, ...employeeFaq]) {
      expect(item.answer.join(' ').length, item.question).toBeGreaterThan(80);
    }
  });
});
