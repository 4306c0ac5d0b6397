import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

describe('the wizard progress', () => {
  it('says which step of how many is shown, how much is done, and marks each step', async () => {
    signedInAgent({ ...PERSONAL, timezone: 'America/Denver', sms_test: 'yes', signup_status: 'email' });
    const { user } = renderApp(SIGNUP_WIZARD_PAGES.sms, { url: '/signup/sms' });
    await screen.findByRole('heading', { level: 1, name: 'Text message test' });

    const nav = screen.getByRole('navigation', { name: 'Sign-up steps' });
    // Registration enters at the mailing address: 11 pages, the text message test is the 4th.
    expect(within(nav).getByText('Step 4 of 11')).toBeInTheDocument();
    // The share is of the pages ticked: 4 of 11.
    const bar = within(nav).getByRole('progressbar', { name: '36% of sign-up done' });
    expect(bar).toHaveAttribute('aria-valuenow', '36');

    const steps = within(nav).getAllByRole('listitem');
    expect(steps).toHaveLength(11);
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual([
      'done',
      'done',
      'done',
      'done',
      'current',
      ...Array(6).fill('upcoming'),
    ]);
    // Steps reached are links back; the one shown is marked; later ones are not links.
    expect(within(nav).getByRole('link', { name: 'Mailing address (done)' })).toHaveAttribute(
      'href',
      '/signup/mailingAddress',
    );
    expect(within(nav).getByRole('link', { name: 'Text message test (done)' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(within(nav).getByRole('link', { name: 'E-mail test (to do now)' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Save the number/ })).not.toBeInTheDocument();
    expect(within(nav).getByText('Save the number')).toBeInTheDocument();

    // On a phone the list folds away behind a button.
    const toggle = within(nav).getByRole('button', { name: 'Show all steps' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(nav).getByRole('button', { name: 'Hide the steps' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows personalInfo as the step to do once the address is saved', async () => {
    signedInAgent({ mailing_address: PERSONAL.mailing_address, signup_status: 'mailingAddress' });
    renderApp(SIGNUP_WIZARD_PAGES.personalInfo, { url: '/signup/personalInfo' });
    await screen.findByRole('heading', { level: 1, name: 'Your name and phone' });
    const nav = screen.getByRole('navigation', { name: 'Sign-up steps' });
    expect(within(nav).getByText('Step 2 of 11')).toBeInTheDocument();
    // The address is ticked: 1 of 11.
    expect(within(nav).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '9');
    expect(within(nav).getByRole('link', { name: 'Mailing address (done)' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Your name and phone (to do now)' })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('gives the share of the steps it ticks (step 3 of 11: two ticked, 18%)', async () => {
    signedInAgent({ ...PERSONAL, signup_status: 'timezone' });
    renderApp(SIGNUP_WIZARD_PAGES.timezone, { url: '/signup/timezone' });
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });
    const nav = screen.getByRole('navigation', { name: 'Sign-up steps' });
    expect(within(nav).getByText('Step 3 of 11')).toBeInTheDocument();
    const ticked = within(nav)
      .getAllByRole('listitem')
      .filter((step) => step.getAttribute('data-state') === 'done');
    expect(ticked).toHaveLength(2);
    expect(within(nav).getByText('18% of sign-up done')).toBeInTheDocument();
    expect(within(nav).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '18');
  });
});
