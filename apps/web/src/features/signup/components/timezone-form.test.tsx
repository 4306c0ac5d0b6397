import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

/** The browser reports `zone` as its time zone. */
function browserInZone(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...original.call(this), timeZone: zone };
  });
}

describe('time zone', () => {
  it("starts with the browser's zone chosen, offers no Pending, and moves on to the text test", async () => {
    browserInZone('America/Chicago');
    const { patchBodies } = signedInAgent({ ...PERSONAL, signup_status: 'timezone' });
    const { user, location } = renderPortal('/signup/timezone');
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });

    const group = screen.getByRole('radiogroup', { name: 'Your time zone' });
    const choices = within(group).getAllByRole('radio');
    expect(choices).toHaveLength(7);
    expect(within(group).queryByRole('radio', { name: /Pending/ })).not.toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Central — Chicago' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Pacific — Los Angeles' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Text message test' });
    expect(location()).toBe('/signup/sms');
    expect(patchBodies()).toEqual([{ timezone: 'America/Chicago', signup_status: 'sms' }]);
  });

  it('offers Arizona, which keeps standard time all summer, and picks it for a browser in Phoenix', async () => {
    browserInZone('America/Phoenix');
    const { patchBodies } = signedInAgent({ ...PERSONAL, signup_status: 'timezone' });
    const { user } = renderPortal('/signup/timezone');
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });
    const group = screen.getByRole('radiogroup', { name: 'Your time zone' });
    expect(
      within(group).getByRole('radio', { name: 'Arizona — Phoenix (no daylight saving time)' }),
    ).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Text message test' });
    expect(patchBodies()).toEqual([{ timezone: 'America/Phoenix', signup_status: 'sms' }]);
  });

  it('chooses nothing for a zone that is not offered, and asks for one', async () => {
    browserInZone('Europe/Paris');
    const { patchBodies } = signedInAgent({ ...PERSONAL, signup_status: 'timezone' });
    const { user } = renderApp(SIGNUP_WIZARD_PAGES.timezone, { url: '/signup/timezone' });
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });
    expect(
      screen.getAllByRole('radio').filter((radio) => radio.getAttribute('aria-checked') === 'true'),
    ).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose your time zone')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Your time zone' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(patchBodies()).toHaveLength(0);
  });

  it('shows the saved zone when the agent comes back', async () => {
    browserInZone('America/Chicago');
    signedInAgent({ ...PERSONAL, timezone: 'Pacific/Honolulu', signup_status: 'email' });
    renderApp(SIGNUP_WIZARD_PAGES.timezone, { url: '/signup/timezone' });
    expect(await screen.findByRole('radio', { name: 'Hawaii — Honolulu' })).toBeChecked();
  });
});
