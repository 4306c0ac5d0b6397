import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

const AT_NUMBER = {
  ...PERSONAL,
  timezone: 'America/Denver' as const,
  signup_status: 'saveTheNumber' as const,
};

describe('save the number', () => {
  it('shows the tracking number and offers the contact card fetched with the session', async () => {
    const { callsTo } = signedInAgent(
      { ...AT_NUMBER, agent_tracking_phone_number: '+14805550199' },
      {
        'GET /api/portal/me/tracking-number.vcf': () =>
          new Response('BEGIN:VCARD\r\nEND:VCARD\r\n', {
            status: 200,
            headers: { 'Content-Type': 'text/vcard' },
          }),
      },
    );
    const { user } = renderApp(SIGNUP_WIZARD_PAGES.saveTheNumber, { url: '/signup/saveTheNumber' });
    await screen.findByRole('heading', { level: 1, name: 'Save the number' });
    expect(screen.getByRole('link', { name: '(480) 555-0199' })).toHaveAttribute('href', 'tel:+14805550199');
    await user.click(screen.getByRole('button', { name: 'Copy number to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe('(480) 555-0199');
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    const download = await screen.findByRole('link', { name: 'Download contact card' });
    expect(download).toHaveAttribute('download', 'agent-portal-leads.vcf');
    expect(download.getAttribute('href')).toMatch(/^blob:/);
    expect(callsTo('GET /api/portal/me/tracking-number.vcf')[0]!.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('says no number is assigned yet without asking for a card, and still continues', async () => {
    const { patchBodies, callsTo } = signedInAgent(AT_NUMBER, {
      'GET /api/portal/me/tracking-number.vcf': () =>
        json(404, {
          detail: 'Your tracking number has not been assigned yet. The office will text it to you.',
        }),
    });
    const { user, location } = renderPortal('/signup/saveTheNumber');
    expect(
      await screen.findByText(
        'Your tracking number has not been assigned yet. The office will text it to you.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download contact card' })).not.toBeInTheDocument();
    // Nothing to fetch: no request that could only answer 404.
    expect(callsTo('GET /api/portal/me/tracking-number.vcf')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Google Local Services Ads' });
    expect(location()).toBe('/signup/lsa');
    expect(patchBodies()).toEqual([{ signup_status: 'lsa' }]);
  });
});
