import type { AccountEntryInput, AdminAgentDetail, AdminAgentPatch, AgentLedger } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { todayInput } from '../components/billing-form';
import { buildAgentDetail, buildLead } from '../test/agents-data';
import { buildAgentLedger, buildInvoice, buildLedgerEntry } from '../test/billing-data';
import { bodyOf, superuserServer } from '../test/console-data';
import { AdminAgentPage } from './agent-page';

const PAGE_LOAD = { timeout: 5000 };

/** The agent's record; a PATCH answers the record with the change applied (unless `patch` is given). */
function agentServer(detail: AdminAgentDetail, patch?: Handler) {
  let current = detail;
  const server = superuserServer({
    'GET /api/admin/agents/:id': () => json(200, current),
    'PATCH /api/admin/agents/:id': (request, index) => {
      if (patch) return patch(request, index);
      const body = bodyOf<AdminAgentPatch>(request);
      const { reason: _reason, ...fields } = body;
      current = {
        ...current,
        agent: { ...current.agent, ...(fields as object), updated_at: new Date().toISOString() },
        allowed_status_changes: ['active', 'suspended', 'terminated'],
      };
      return json(200, current);
    },
  });
  const patches = () =>
    server.callsTo('PATCH /api/admin/agents/:id').map((call) => bodyOf<AdminAgentPatch>(call));
  return { ...server, patches };
}

describe("an agent's console page", { timeout: 20_000 }, () => {
  it('shows the record in sections, links to the preview and to the leads, and never offers to sign in as the agent', async () => {
    const lead = buildLead({ first_name: 'Nora', last_name: 'Newest' });
    const detail = buildAgentDetail({
      leads: { items: [lead], counts: { active: 1, archived: 2, closed: 3 } },
      audit: [
        {
          id: 'audit-1',
          actor_id: 'superuser-1',
          actor_email: 'ops@example.com',
          action: 'admin_update_agent',
          target_type: 'agent',
          target_id: 'x',
          details: { before: { wp_id: null }, after: { wp_id: 42 }, reason: 'Synced with WordPress' },
          ip: null,
          created_at: '2026-11-20T12:00:00.000Z',
        },
      ],
    });
    agentServer(detail);
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}`,
      path: '/admin/agents/:agentId',
    });
    expect(
      await screen.findByRole('heading', { name: 'Jordan Rivera', level: 1 }, PAGE_LOAD),
    ).toBeInTheDocument();
    // A header with the key facts and the actions, then the record in tabs, one at a time.
    const header = screen.getByRole('heading', { name: 'Jordan Rivera', level: 1 }).closest('header')!;
    expect(header).toHaveTextContent('1 active · 2 archived · 3 closed');
    expect(screen.getByRole('button', { name: 'Change status' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Agent record' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Office settings',
      'Agreements',
      'Billing',
      'Lead recipients',
      'Leads',
      'History',
    ]);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    for (const section of ['Identity and contact', 'Onboarding']) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Audit history' })).not.toBeInTheDocument();
    const sectionsOf: [string, string[]][] = [
      ['Office settings', ['Portal visibility', 'Office fields']],
      ['Agreements', ['Agreements']],
      ['Lead recipients', ['Lead recipients']],
      ['Leads', ['Latest leads']],
      ['History', ['Audit history']],
    ];
    for (const [tab, sections] of sectionsOf) {
      await user.click(screen.getByRole('tab', { name: tab }));
      for (const section of sections) {
        expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
      }
    }
    expect(screen.getByRole('link', { name: 'Preview what the agent sees' })).toHaveAttribute(
      'href',
      `/admin/agents/${detail.agent.id}/preview`,
    );
    await user.click(screen.getByRole('tab', { name: 'Leads' }));
    expect(screen.getByRole('link', { name: 'All leads of this agent' })).toHaveAttribute(
      'href',
      `/admin/leads?agent_id=${detail.agent.id}`,
    );
    expect(screen.getByRole('region', { name: 'Latest leads' })).toHaveTextContent(
      '1 active · 2 archived · 3 closed',
    );
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const history = screen.getByRole('table', { name: 'Audit history' });
    expect(history).toHaveTextContent('ops@example.com');
    expect(history).toHaveTextContent('Reason: Synced with WordPress');
    expect(history).toHaveTextContent('wp_id: — → 42');
    expect(screen.queryByText(/sign in as|log in as|impersonat/i)).not.toBeInTheDocument();
  });

  it('refuses a status change without a reason, then sends the change with its reason', async () => {
    const detail = buildAgentDetail();
    const { patches } = agentServer(detail);
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}`,
      path: '/admin/agents/:agentId',
    });
    await user.click(await screen.findByRole('button', { name: 'Change status' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    const choices = within(within(dialog).getByLabelText('New status')).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual([
      'Choose a status',
      'Inactive',
      'Suspended',
      'Terminated',
    ]);
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'suspended');
    // Each choice says what it does to the agent's access before it is made.
    expect(within(dialog).getByText(/signed out at once and cannot sign in until/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'inactive');
    expect(within(dialog).getByText(/can still sign in, read and update their leads/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(within(dialog).getByText('Give a reason for the change')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(patches()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Paused at their request until March');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches()).toEqual([{ agent_status: 'inactive', reason: 'Paused at their request until March' }]);
    expect(await screen.findByText('Jordan Rivera is now inactive')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).closest('header')).toHaveTextContent('Inactive');
    // Focus goes back to the button that opened the dialog, not to the page body.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change status' })).toHaveFocus());
  });

  it('opens each tab at its own address and moves between tabs with the arrow keys', async () => {
    const detail = buildAgentDetail();
    agentServer(detail);
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}?tab=history`,
      path: '/admin/agents/:agentId',
    });
    expect(await screen.findByRole('tab', { name: 'History' }, PAGE_LOAD)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('table', { name: 'Audit history' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Latest leads' })).toBeInTheDocument();
  });

  it('offers Complete among the signup steps, so a reset can be undone, and gives the focus back', async () => {
    const detail = buildAgentDetail({ agent: { signup_status: 'timezone' } });
    const { patches } = agentServer(detail);
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}`,
      path: '/admin/agents/:agentId',
    });
    await user.click(await screen.findByRole('button', { name: 'Reset signup step' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Reset signup step' });
    const choices = within(within(dialog).getByLabelText('Move the agent to')).getAllByRole('option');
    const labels = choices.map((option) => option.textContent);
    expect(labels).toContain('Complete');
    expect(labels).not.toContain('Time zone');
    await user.selectOptions(within(dialog).getByLabelText('Move the agent to'), 'complete');
    await user.type(within(dialog).getByLabelText('Reason'), 'Reset by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Reset signup step' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches()).toEqual([{ signup_status: 'complete', reason: 'Reset by mistake' }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset signup step' })).toHaveFocus());
  });

  it("shows the server's refusal of a status change in the dialog", async () => {
    const detail = buildAgentDetail({
      agent: { agent_status: 'onboarding' },
      allowed_status_changes: ['active', 'terminated'],
    });
    agentServer(detail, () =>
      json(400, {
        detail: 'An agent who is onboarding cannot become active until both agreements are signed',
      }),
    );
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}`,
      path: '/admin/agents/:agentId',
    });
    await user.click(await screen.findByRole('button', { name: 'Change status' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    await user.selectOptions(within(dialog).getByLabelText('New status'), 'active');
    await user.type(within(dialog).getByLabelText('Reason'), 'Signed on paper');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'cannot become active until both agreements',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Signed on paper');
  });

  it('saves only the office fields that changed, and keeps what was typed when the server refuses', async () => {
    const detail = buildAgentDetail({
      agent: { wp_id: 7, total_fees_paid: 1250.5, deposit_amount_paid: 500, total_ad_spend: 40 },
    });
    const { patches } = agentServer(detail, (_request, index) =>
      index === 0
        ? json(409, { detail: 'The agent URI "taken-uri" belongs to another agent' })
        : json(200, detail),
    );
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}?tab=office`,
      path: '/admin/agents/:agentId',
    });
    const form = await screen.findByRole('form', { name: 'Office fields' }, PAGE_LOAD);
    // Fees paid, deposit and refund come from the ledger: shown, never typed.
    expect(within(form).queryByLabelText('Fees paid')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Refund amount')).not.toBeInTheDocument();
    expect(within(form).getByText('Fees paid').parentElement).toHaveTextContent(
      'Fees paid$1,250.50From the ledger',
    );
    expect(within(form).getByText('Deposit paid').parentElement).toHaveTextContent('$500.00');
    expect(within(form).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      `/admin/agents/${detail.agent.id}?tab=billing`,
    );
    await user.clear(within(form).getByLabelText('Agent URI'));
    await user.type(within(form).getByLabelText('Agent URI'), 'taken-uri');
    await user.clear(within(form).getByLabelText('Ad spend'));
    await user.type(within(form).getByLabelText('Ad spend'), '250.50');
    await user.click(within(form).getByRole('button', { name: 'Save office fields' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('belongs to another agent');
    expect(patches()).toEqual([{ agent_uri: 'taken-uri', total_ad_spend: 250.5 }]);
    expect(within(form).getByLabelText('Agent URI')).toHaveValue('taken-uri');
    expect(within(form).getByLabelText('Ad spend')).toHaveValue('250.50');

    await user.clear(within(form).getByLabelText('Ad spend'));
    await user.type(within(form).getByLabelText('Ad spend'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save office fields' }));
    expect(await within(form).findByText(/Ad spend: enter an amount in dollars/)).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
  });

  it('sets a portal page to shown, hidden or back to the office default', async () => {
    const detail = buildAgentDetail({ agent: { can_see_portal_zips: false } });
    const { patches } = agentServer(detail);
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}?tab=office`,
      path: '/admin/agents/:agentId',
    });
    const region = await screen.findByRole('region', { name: 'Portal visibility' }, PAGE_LOAD);
    const zips = within(region).getByRole('radiogroup', { name: 'ZIP codes page' });
    expect(within(zips).getByRole('radio', { name: 'Hidden' })).toBeChecked();
    await user.click(within(zips).getByRole('radio', { name: /Default/ }));
    await waitFor(() => expect(patches()).toEqual([{ can_see_portal_zips: null }]));
    await waitFor(() => expect(within(zips).getByRole('radio', { name: /Default/ })).toBeChecked());
  });

  it('shows the billing: rate and where it comes from, balance, invoices and ledger, and sets the rate', async () => {
    const detail = buildAgentDetail();
    const invoice = buildInvoice({
      number: 'INV-2026-000007',
      agent_id: detail.agent.id,
      balance_cents: 75_000,
    });
    let ledger: AgentLedger = buildAgentLedger({
      agent_id: detail.agent.id,
      rate_percent: 30,
      rate_source: 'office',
      balance_cents: 75_000,
      pay_on_time_rate: 0.75,
      invoices: [invoice],
      entries: [
        buildLedgerEntry({
          kind: 'fee',
          amount_cents: 300_000,
          balance_effect_cents: 300_000,
          invoice_id: invoice.id,
          invoice_number: invoice.number,
          method: null,
        }),
        buildLedgerEntry({
          kind: 'deposit',
          amount_cents: 50_000,
          balance_effect_cents: 0,
          reference: 'Wire 88',
        }),
      ],
    });
    const server = superuserServer({
      'GET /api/admin/agents/:id': () => json(200, detail),
      'PATCH /api/admin/agents/:id': (request) => {
        const body = bodyOf<AdminAgentPatch>(request);
        ledger = { ...ledger, rate_percent: body.referral_fee_percent ?? 30, rate_source: 'agent' };
        return json(200, detail);
      },
      'GET /api/admin/agents/:id/ledger': () => json(200, ledger),
    });
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}?tab=billing`,
      path: '/admin/agents/:agentId',
    });
    const summary = await screen.findByRole('region', { name: 'Referral fee and balance' }, PAGE_LOAD);
    expect(summary).toHaveTextContent("30 %, the office's rate");
    expect(summary).toHaveTextContent('Balance owed$750.00');
    expect(summary).toHaveTextContent('Invoices paid on time75%');
    const rate = within(summary).getByLabelText('Referral fee (%)');
    expect(rate).toHaveValue('');
    expect(rate).toHaveAccessibleDescription(/Empty: the office's rate applies, now 30 %/);

    const invoices = screen.getByRole('table', { name: 'Invoices of Jordan Rivera' });
    expect(
      within(invoices).getByRole('rowheader', { name: 'INV-2026-000007' }).closest('tr'),
    ).toHaveTextContent('$750.00');
    expect(within(invoices).queryByRole('columnheader', { name: 'Agent' })).not.toBeInTheDocument();
    const entries = screen.getByRole('table', { name: 'Ledger of Jordan Rivera' });
    expect(within(entries).getAllByRole('row')[1]).toHaveTextContent('FeeINV-2026-000007$3,000.00+$3,000.00');
    expect(within(entries).getAllByRole('row')[2]).toHaveTextContent(
      'DepositAccount$500.00—ACH transferWire 88',
    );

    await user.type(rate, '27.5');
    await user.click(within(summary).getByRole('button', { name: 'Save referral fee' }));
    expect(await screen.findByText('Referral fee saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/agents/:id')[0]!)).toEqual({ referral_fee_percent: 27.5 });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Referral fee and balance' })).toHaveTextContent(
        "27.5 %, the agent's own rate",
      ),
    );
    expect(
      within(screen.getByRole('region', { name: 'Referral fee and balance' })).getByLabelText(
        'Referral fee (%)',
      ),
    ).toHaveValue('27.5');
  });

  it("records a deposit on the agent's account and refuses an amount that is not dollars", async () => {
    const detail = buildAgentDetail();
    const server = superuserServer({
      'GET /api/admin/agents/:id': () => json(200, detail),
      'GET /api/admin/agents/:id/ledger': () => json(200, buildAgentLedger({ agent_id: detail.agent.id })),
      'POST /api/admin/agents/:id/ledger': (request) =>
        json(201, buildLedgerEntry({ kind: 'deposit', ...bodyOf<Partial<AccountEntryInput>>(request) })),
    });
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}?tab=billing`,
      path: '/admin/agents/:agentId',
    });
    const ledger = await screen.findByRole('region', { name: 'Ledger' }, PAGE_LOAD);
    expect(within(ledger).getByRole('table', { name: 'Ledger of Jordan Rivera' })).toHaveTextContent(
      'No data',
    );
    await user.click(within(ledger).getByRole('button', { name: 'Record deposit or refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a deposit or refund' });
    const amount = within(dialog).getByLabelText('Amount (US dollars)');
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText(/Enter the amount in dollars and cents/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/agents/:id/ledger')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '$500');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'ach');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Deposit of $500.00 recorded')).toBeInTheDocument();
    const [call] = server.callsTo('POST /api/admin/agents/:id/ledger');
    expect(call!.path).toBe(`/api/admin/agents/${detail.agent.id}/ledger`);
    expect(bodyOf(call!)).toEqual({
      kind: 'deposit',
      amount_cents: 50_000,
      paid_on: todayInput(),
      method: 'ach',
      reference: '',
      notes: '',
    });
  });

  it('says when the billing could not be loaded and tries again', async () => {
    const detail = buildAgentDetail();
    superuserServer({
      'GET /api/admin/agents/:id': () => json(200, detail),
      'GET /api/admin/agents/:id/ledger': (_request, index) =>
        index === 0
          ? json(503, { detail: 'The ledger is busy' })
          : json(200, buildAgentLedger({ agent_id: detail.agent.id })),
    });
    const { user } = renderApp(<AdminAgentPage />, {
      url: `/admin/agents/${detail.agent.id}?tab=billing`,
      path: '/admin/agents/:agentId',
    });
    expect(await screen.findByText('The ledger is busy', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Referral fee and balance' })).toHaveTextContent(
      'No invoice paid yet',
    );
  });
});
