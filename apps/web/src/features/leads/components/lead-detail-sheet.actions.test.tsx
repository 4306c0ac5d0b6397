import type { LeadEvent } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { recipientSession } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';

const PAGE_LOAD = { timeout: 5000 };

const event = (kind: string, details: Record<string, unknown>, at: string): LeadEvent => ({
  id: `${kind}-${at}`,
  kind,
  actor_type: 'system',
  actor_name: null,
  details,
  created_at: at,
});

describe('the lead panel’s actions', { timeout: 30_000 }, () => {
  it('offers one e-mail action, the portal composer, with the address shown and copyable', async () => {
    leadsServer([
      buildLead({ id: 'lead-e', first_name: 'Eve', last_name: 'Mail', email: 'eve@example.com' }),
    ]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads?lead=lead-e' });
    const panel = await screen.findByRole('dialog', { name: 'Eve Mail' }, PAGE_LOAD);

    expect(within(panel).getByText('eve@example.com')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'E-mail' })).not.toBeInTheDocument();
    const actions = within(panel)
      .getAllByRole('button')
      .filter((button) => /e-mail/i.test(button.textContent ?? ''));
    expect(actions.map((button) => button.textContent)).toEqual(['Send e-mail']);

    await user.click(within(panel).getByRole('button', { name: 'Copy e-mail address' }));
    expect(await navigator.clipboard.readText()).toBe('eve@example.com');
    expect(await screen.findByText('E-mail address copied')).toBeInTheDocument();
  });

  it('gives a recipient, who has no composer, the e-mail link', async () => {
    localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
    leadsServer(
      [buildLead({ id: 'lead-r', first_name: 'Rae', last_name: 'Cipient', email: 'rae@example.com' })],
      {
        as: 'recipient',
        extra: {
          'GET /api/recipient/me': () => json(200, { recipient_context: recipientSession.recipient_context }),
        },
      },
    );
    renderApp(<LeadsPage />, { url: '/leads?lead=lead-r' });
    const panel = await screen.findByRole('dialog', { name: 'Rae Cipient' }, PAGE_LOAD);
    expect(within(panel).getByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      'mailto:rae@example.com',
    );
    expect(within(panel).queryByRole('button', { name: /Send e-mail/ })).not.toBeInTheDocument();
  });

  it('undoes an archive from its toast, putting the lead back in Active', async () => {
    const { callsTo } = leadsServer([buildLead({ id: 'lead-u', first_name: 'Una', last_name: 'Do' })]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads?status=active' });
    await user.click(await screen.findByRole('button', { name: /Una Do/ }, PAGE_LOAD));
    const panel = await screen.findByRole('dialog', { name: 'Una Do' });

    await user.click(within(panel).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this lead' });
    await user.click(within(dialog).getByRole('radio', { name: /^Lost/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Unreachable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Lead archived')).toBeInTheDocument();
    expect(within(panel).getByText('Archived')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Archive undone')).toBeInTheDocument();
    // Back among the active leads, as being pursued.
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Archive' })).toBeInTheDocument());
    expect(within(panel).getByRole('button', { name: 'Pursuing' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo('PATCH /api/portal/me/leads/:id').map((call) => JSON.parse(call.body!))).toEqual([
      { stage: 'lost', lost_reason: 'unreachable' },
      { status: 'active' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Active 1', hidden: true })).toBeInTheDocument(),
    );
  });

  it('says which place fields came from the ZIP code, and shows the copy sent to the CRM', async () => {
    const { state } = leadsServer([
      buildLead({ id: 'lead-z', first_name: 'Zed', last_name: 'Zip', street: '', city: 'Phoenix' }),
    ]);
    state.events.set('lead-z', [
      event(
        'routed',
        { reason: 'Sent to you because 85004 is in your service area and you take FSBO leads.' },
        '2026-11-20T12:00:00.000Z',
      ),
      event('zip_details', { fields: ['city', 'county', 'state'], zip: '85004' }, '2026-11-20T12:00:00.000Z'),
      event(
        'delivery',
        { channel: 'email', target: 'crm', recipient_name: null, to: 'dana@followupboss.me', status: 'sent' },
        '2026-11-20T12:00:01.000Z',
      ),
    ]);
    renderApp(<LeadsPage />, { url: '/leads?lead=lead-z' });
    const panel = await screen.findByRole('dialog', { name: 'Zed Zip' }, PAGE_LOAD);
    const note = await within(panel).findByText('City, county and state from the ZIP code');
    // Under the address it is about, and on the timeline.
    expect(note.closest('section')).toHaveTextContent(/^Property/);
    expect(within(panel).getByText('Place filled in from the ZIP code')).toBeInTheDocument();
    expect(
      within(panel).getByText('Sent to you because 85004 is in your service area and you take FSBO leads.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Copy to your CRM, dana@followupboss.me: sent')).toBeInTheDocument();
  });
});
