import { type AdminRetention, DEFAULT_SETTINGS, type RetentionCounts, type Settings } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { bodyOf, superuserServer } from '../test/console-data';
import { AdminSettingsPage } from './settings-page';

const PAGE_LOAD = { timeout: 5000 };

const ZERO: RetentionCounts = { tokens: 0, sessions: 0, rate_limits: 0, message_bodies: 0, audit_rows: 0 };
const NOT_RUN: AdminRetention = { last_run_at: null, last_run: null, last_30_days: ZERO };

function settingsServer(patch: (body: Partial<Settings>) => Response, retention = NOT_RUN) {
  return superuserServer({
    'GET /api/admin/settings': () => json(200, DEFAULT_SETTINGS),
    'PATCH /api/admin/settings': (request) => patch(bodyOf(request)),
    'GET /api/admin/retention': () => json(200, retention),
  });
}

describe('the settings page', { timeout: 20_000 }, () => {
  it('refuses a rating interval of 0 without sending anything', async () => {
    const server = settingsServer(() => json(200, DEFAULT_SETTINGS));
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const interval = await screen.findByLabelText('Rating interval (days)', {}, PAGE_LOAD);
    expect(interval).toHaveValue(30);
    await user.clear(interval);
    await user.type(interval, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The rating interval is at least 1 day')).toBeInTheDocument();
    expect(interval).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PATCH /api/admin/settings')).toHaveLength(0);
  });

  it('sends only what changed and says it was saved', async () => {
    const server = settingsServer((body) =>
      json(200, {
        ...DEFAULT_SETTINGS,
        ...body,
        lead_delivery: { ...DEFAULT_SETTINGS.lead_delivery, ...body.lead_delivery },
      }),
    );
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const interval = await screen.findByLabelText('Rating interval (days)', {}, PAGE_LOAD);
    await user.clear(interval);
    await user.type(interval, '45');
    await user.click(screen.getByRole('switch', { name: 'Phone call' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // Turning a channel off is confirmed first: nothing is sent before.
    const confirm = await screen.findByRole('dialog', { name: 'Turn off Phone call?' });
    expect(
      within(confirm).getByText(/not sent on it, not even once it is turned on again/),
    ).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/settings')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Turn off and save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/settings')[0]!)).toEqual({
      rating_interval_days: 45,
      lead_delivery: { call: false },
    });
    expect(screen.getByRole('switch', { name: 'Phone call' })).toHaveAttribute('aria-checked', 'false');
  });

  it('shows the server’s refusal by the field it is about, keeping the value typed', async () => {
    settingsServer(() => json(400, { detail: 'The trend threshold is at most 4' }));
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const threshold = await screen.findByLabelText('Trend threshold', {}, PAGE_LOAD);
    await user.clear(threshold);
    await user.type(threshold, '3.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const field = threshold.closest('[data-slot="field"]') as HTMLElement;
    expect(await within(field).findByText('The trend threshold is at most 4')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(threshold).toHaveValue(3.5);
    await waitFor(() => expect(screen.queryByText('Settings saved')).not.toBeInTheDocument());
  });

  it('changes a provider limit on its own and refuses one above the ceiling', async () => {
    const server = settingsServer((body) =>
      json(200, {
        ...DEFAULT_SETTINGS,
        provider_limits: { ...DEFAULT_SETTINGS.provider_limits, ...body.provider_limits },
      }),
    );
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const connections = await screen.findByLabelText('SMTP connections', {}, PAGE_LOAD);
    expect(connections).toHaveValue(DEFAULT_SETTINGS.provider_limits.smtp_connections);
    await user.clear(connections);
    await user.type(connections, '500');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At most 50 SMTP connections')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/settings')).toHaveLength(0);

    await user.clear(connections);
    await user.type(connections, '8');
    const texts = screen.getByLabelText('Texts and calls per second');
    await user.clear(texts);
    await user.type(texts, '10');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/settings')[0]!)).toEqual({
      provider_limits: { smtp_connections: 8, sms_per_second: 10 },
    });
  });

  it('changes a quota on its own', async () => {
    const server = settingsServer((body) =>
      json(200, { ...DEFAULT_SETTINGS, quotas: { ...DEFAULT_SETTINGS.quotas, ...body.quotas } }),
    );
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const recipients = await screen.findByLabelText('Recipients per agent', {}, PAGE_LOAD);
    expect(recipients).toHaveValue(20);
    expect(screen.getByLabelText('Storage per agent (MB)')).toHaveValue(10_000);
    await user.clear(recipients);
    await user.type(recipients, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At least 1 recipient per agent')).toBeInTheDocument();
    await user.clear(recipients);
    await user.type(recipients, '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/settings')[0]!)).toEqual({
      quotas: { recipients_per_agent: 30 },
    });
  });

  it('sets the acceptance window and floors, with the schema’s messages for what is out of range', async () => {
    const saved = {
      ...DEFAULT_SETTINGS,
      routing: {
        ...DEFAULT_SETTINGS.routing,
        floors: { ...DEFAULT_SETTINGS.routing.floors, closing_rate: 5 },
      },
    };
    const server = superuserServer({
      'GET /api/admin/settings': () => json(200, saved),
      'GET /api/admin/retention': () => json(200, NOT_RUN),
      'PATCH /api/admin/settings': (request) => {
        const body = bodyOf<Partial<Settings>>(request);
        return json(200, {
          ...saved,
          routing: {
            acceptance_minutes: body.routing?.acceptance_minutes ?? saved.routing.acceptance_minutes,
            floors: { ...saved.routing.floors, ...body.routing?.floors },
          },
        });
      },
    });
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const routing = await screen.findByRole('region', { name: 'Routing' }, PAGE_LOAD);
    const acceptance = within(routing).getByLabelText('Acceptance window (minutes)');
    expect(acceptance).toHaveValue(0);
    const contacted = within(routing).getByLabelText('Contacted within 1 hour');
    const closing = within(routing).getByLabelText('Closing rate');
    const rating = within(routing).getByLabelText('Your rating of lead quality');
    // No floor is an empty field; each says its unit.
    expect(contacted).toHaveValue(null);
    expect(closing).toHaveValue(5);
    expect(within(routing).getByLabelText('Speed to first contact')).toHaveAccessibleDescription(
      'Minutes, at most (1 to 10,080). Empty: no floor.',
    );

    await user.clear(acceptance);
    await user.type(acceptance, '2000');
    await user.type(contacted, '150');
    await user.type(rating, '7');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The acceptance window is at most 1440 minutes')).toBeInTheDocument();
    expect(screen.getByText('The contacted within 1 hour floor is at most 100')).toBeInTheDocument();
    expect(screen.getByText('The lead quality rating floor is at most 5')).toBeInTheDocument();
    expect(contacted).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PATCH /api/admin/settings')).toHaveLength(0);

    await user.clear(acceptance);
    await user.type(acceptance, '15');
    await user.clear(contacted);
    await user.type(contacted, '60');
    await user.clear(rating);
    await user.clear(closing);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/settings')[0]!)).toEqual({
      routing: { acceptance_minutes: 15, floors: { contacted_within_hour: 60, closing_rate: null } },
    });
  });

  it('saves the referral fees: the network rate and the days to pay, refusing a rate over 100 %', async () => {
    const server = settingsServer((body) =>
      json(200, { ...DEFAULT_SETTINGS, billing: { ...DEFAULT_SETTINGS.billing, ...body.billing } }),
    );
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const fees = await screen.findByRole('region', { name: 'Referral fees' }, PAGE_LOAD);
    const rate = within(fees).getByLabelText('Network referral fee (%)');
    expect(rate).toHaveValue(25);
    expect(within(fees).getByLabelText('Days to pay')).toHaveValue(30);
    expect(within(fees).getByLabelText('How to pay')).toHaveValue(DEFAULT_SETTINGS.billing.how_to_pay);

    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(fees).findByText('The referral fee is at most 100 %')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/settings')).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '27.5');
    await user.clear(within(fees).getByLabelText('Days to pay'));
    await user.type(within(fees).getByLabelText('Days to pay'), '45');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/settings')[0]!)).toEqual({
      billing: { referral_fee_percent: 27.5, invoice_due_days: 45 },
    });
    expect(
      within(screen.getByRole('region', { name: 'Referral fees' })).getByLabelText(
        'Network referral fee (%)',
      ),
    ).toHaveValue(27.5);
  });

  it('shows a refusal of the referral fees by them', async () => {
    settingsServer(() => json(400, { detail: 'Say how agents pay their invoices' }));
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const fees = await screen.findByRole('region', { name: 'Referral fees' }, PAGE_LOAD);
    const howToPay = within(fees).getByLabelText('How to pay');
    await user.clear(howToPay);
    await user.type(howToPay, 'Pay by check.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(fees).findByText('Say how agents pay their invoices')).toBeInTheDocument();
    expect(howToPay).toHaveValue('Pay by check.');
  });

  it('shows what the last clean-up and those of the last 30 days removed', async () => {
    settingsServer(() => json(200, DEFAULT_SETTINGS), {
      last_run_at: '2026-11-21T10:23:00Z',
      last_run: { tokens: 12, sessions: 1, rate_limits: 40, message_bodies: 1200, audit_rows: 0 },
      last_30_days: { tokens: 310, sessions: 25, rate_limits: 900, message_bodies: 30_500, audit_rows: 0 },
    });
    renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const retention = await screen.findByRole('region', { name: 'Retention' }, PAGE_LOAD);
    const figure = within(retention).getByRole('status', { name: 'Clean-up' });
    expect(
      await within(figure).findByText(
        /^Last clean-up Nov 21, 2026, .*: removed 12 links, 1 session, 40 rate-limit counters, 1,200 message texts and 0 audit entries\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      within(figure).getByText(
        'In the last 30 days: 310 links, 25 sessions, 900 rate-limit counters, 30,500 message texts and 0 audit entries.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the clean-up has not run yet', async () => {
    settingsServer(() => json(200, DEFAULT_SETTINGS));
    renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const retention = await screen.findByRole('region', { name: 'Retention' }, PAGE_LOAD);
    expect(
      await within(retention).findByText('Not run yet. The clean-up runs every hour.'),
    ).toBeInTheDocument();
  });

  it('saves how long message texts and audit entries are kept, refusing what is too short', async () => {
    const server = settingsServer((body) =>
      json(200, { ...DEFAULT_SETTINGS, retention: { ...DEFAULT_SETTINGS.retention, ...body.retention } }),
    );
    const { user } = renderApp(<AdminSettingsPage />, { url: '/admin/settings' });
    const retention = await screen.findByRole('region', { name: 'Retention' }, PAGE_LOAD);
    const texts = within(retention).getByLabelText('Keep message texts (days)');
    expect(texts).toHaveValue(365);
    expect(within(retention).getByRole('radio', { name: 'Keep forever' })).toBeChecked();
    expect(within(retention).queryByLabelText('Keep audit entries (days)')).not.toBeInTheDocument();

    await user.clear(texts);
    await user.type(texts, '10');
    await user.click(within(retention).getByRole('radio', { name: /Remove entries after a number of days/ }));
    const audit = within(retention).getByLabelText('Keep audit entries (days)');
    expect(audit).toHaveValue(730);
    await user.clear(audit);
    await user.type(audit, '100');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(retention).findByText('Message texts are kept at least 30 days')).toBeInTheDocument();
    expect(within(retention).getByText('Audit entries are kept at least 365 days')).toBeInTheDocument();
    expect(audit).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PATCH /api/admin/settings')).toHaveLength(0);

    await user.clear(texts);
    await user.type(texts, '90');
    await user.clear(audit);
    await user.type(audit, '1095');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/settings')[0]!)).toEqual({
      retention: { message_body_days: 90, audit_days: 1095 },
    });

    // Back to keeping the audit log for good.
    const saved = screen.getByRole('region', { name: 'Retention' });
    await user.click(within(saved).getByRole('radio', { name: 'Keep forever' }));
    expect(within(saved).queryByLabelText('Keep audit entries (days)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.callsTo('PATCH /api/admin/settings')).toHaveLength(2));
    expect(bodyOf(server.callsTo('PATCH /api/admin/settings')[1]!)).toEqual({
      retention: { audit_days: null },
    });
  });
});
