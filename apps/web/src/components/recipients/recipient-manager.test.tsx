import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LeadRoutingPage } from '@/features/onboarding/pages/lead-routing-page';
import { RoutingRecipientsPage, RoutingTeamMembersPage } from '@/features/routing/pages/routing-pages';
import { buildAgentRecipient, buildMe, buildRecipient } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { recipientsServer } from '@/test/recipients-server';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';

const jamie = buildRecipient({ _id: 'jamie', first_name: 'Jamie', last_name: 'Lee' });

/** The card of one recipient (narrow layout: jsdom lays nothing out, so every width is 0). */
const card = (name: string) => screen.getByRole('listitem', { name });

const openRecipientsPage = () => renderApp(<RoutingRecipientsPage />, { url: '/routing' });

async function openRouting(server: ReturnType<typeof recipientsServer>) {
  const rendered = openRecipientsPage();
  await screen.findByRole('listitem', { name: 'Alex Agent' });
  return { ...rendered, ...server };
}

describe('recipients list', () => {
  it('says whose address awaits confirmation, and sends the invitation again', async () => {
    const invited = buildRecipient({
      _id: 'kim',
      first_name: 'Kim',
      last_name: 'Park',
      email: 'kim@example.com',
      email_confirmed: false,
      email_invited_at: '2025-01-01T00:00:00.000Z',
    });
    const never = buildRecipient({
      _id: 'lou',
      first_name: 'Lou',
      last_name: 'Reed',
      email: 'lou@example.com',
      email_confirmed: false,
    });
    const { user, calls } = await openRouting(recipientsServer([buildAgentRecipient(), invited, never]));

    expect(within(card('Alex Agent')).getByText('Address confirmed')).toBeInTheDocument();
    const kim = within(card('Kim Park'));
    expect(kim.getByText('Invitation sent — awaiting confirmation')).toBeInTheDocument();
    expect(kim.queryByText('Address confirmed')).not.toBeInTheDocument();
    const lou = within(card('Lou Reed'));
    expect(lou.getByText('Address not confirmed yet')).toBeInTheDocument();
    await user.click(lou.getByRole('button', { name: 'Send invitation to Lou Reed' }));

    await user.click(kim.getByRole('button', { name: 'Resend invitation to Kim Park' }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
        expect.arrayContaining([
          'POST /api/portal/me/recipients/kim/resend-confirmation',
          'POST /api/portal/me/recipients/lou/resend-confirmation',
        ]),
      ),
    );
    // Lou was invited just now: the list says so once it is fetched again.
    expect(await lou.findByText('Invitation sent — awaiting confirmation')).toBeInTheDocument();
  });

  it('shows the agent first, primary and not removable, then the others', async () => {
    await openRouting(recipientsServer([buildAgentRecipient(), jamie]));

    const cards = screen.getAllByRole('listitem');
    expect(cards.map((item) => item.getAttribute('aria-label'))).toEqual(['Alex Agent', 'Jamie Lee']);
    const agent = within(cards[0]!);
    expect(agent.getByText('You')).toBeInTheDocument();
    expect(agent.getByText('Primary')).toBeInTheDocument();
    expect(agent.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(agent.queryByRole('button', { name: /Make primary/ })).not.toBeInTheDocument();
    expect(agent.getByRole('switch', { name: 'SMS for Alex Agent' })).toBeChecked();
    // The primary stays active until someone else is primary.
    expect(agent.getByRole('switch', { name: 'Active for Alex Agent' })).toBeDisabled();

    const other = within(cards[1]!);
    expect(other.getByRole('link', { name: '(602) 555-0123' })).toHaveAttribute('href', 'tel:+16025550123');
    expect(other.getByRole('button', { name: 'Remove Jamie Lee' })).toBeInTheDocument();
    expect(other.getByRole('button', { name: 'Make primary Jamie Lee' })).toBeInTheDocument();
    expect(other.getByRole('switch', { name: 'E-mail for Jamie Lee' })).not.toBeChecked();
    expect(other.getByRole('switch', { name: 'Active for Jamie Lee' })).toBeEnabled();
    expect(screen.getByText('done')).toBeInTheDocument();
  });

  it('is a table on a wide screen, the agent in the first row', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1120);
    recipientsServer([buildAgentRecipient(), jamie]);
    openRecipientsPage();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    // The name, its badges and the e-mail share the column that takes the free space.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Alex AgentYouPrimaryagent@example.comAddress confirmed',
      'Jamie Leejamie@example.comAddress confirmed',
    ]);
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Jamie Lee' })).toBeInTheDocument();
  });

  it('keeps a phone number on one line and shows an e-mail address in full', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(976);
    const long = buildRecipient({
      _id: 'long',
      first_name: 'Alexandra',
      last_name: 'Montgomery-Whitfield',
      email: 'alexandra.montgomery-whitfield@summitrealtywest.example',
    });
    recipientsServer([buildAgentRecipient(), long]);
    openRecipientsPage();

    const table = await screen.findByRole('table');
    const row = within(table)
      .getByRole('rowheader', { name: /Alexandra/ })
      .closest('tr')!;
    const phone = within(row).getByRole('link', { name: '(602) 555-0123' });
    expect(phone).toHaveClass('whitespace-nowrap', 'tabular-nums');
    const email = within(row).getByRole('link', { name: long.email! });
    // Not cut off: the whole address, wrapping before the @ only where it must, and in a tooltip.
    expect(email).not.toHaveClass('truncate');
    expect(email).toHaveAttribute('title', long.email);
    expect(email.querySelector('wbr')?.nextSibling?.textContent).toBe('@summitrealtywest.example');
    // The row's actions stay in the row.
    expect(within(row).getByRole('button', { name: 'Edit Alexandra Montgomery-Whitfield' })).toBeVisible();
  });

  it('says so when the recipients cannot be loaded, and tries again', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe()),
      'GET /api/portal/me/recipients': (_request, index) =>
        index === 0 ? json(503, { detail: 'Service unavailable' }) : json(200, [buildAgentRecipient()]),
    });
    const { user } = openRecipientsPage();

    expect(await screen.findByText('Your recipients could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Alex Agent' })).toBeInTheDocument();
    expect(callsTo('GET /api/portal/me/recipients')).toHaveLength(2);
  });

  it('is hidden, with the Routing navigation, when the office manages recipients', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ agent_profile: { can_see_portal_recipients: false } })),
    });
    renderPortal('/routing/crm');

    expect(await screen.findByText('Lead routing is managed by your office')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Routing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /CRM/ })).not.toBeInTheDocument();
    expect(callsTo('GET /api/portal/me/recipients')).toHaveLength(0);
  });
});

describe('adding a recipient', () => {
  it('checks the form, adds the team member, refreshes the list and the lead_routing step', async () => {
    const { user, callsTo } = await openRouting(recipientsServer());

    await user.click(screen.getByRole('button', { name: 'Add team member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add team member' });
    const submit = within(dialog).getByRole('button', { name: 'Add team member' });

    // The form checks its values asynchronously (zodResolver): the errors come after the click.
    await user.click(submit);
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');

    // A new person is told by text and e-mail unless the agent turns them off.
    expect(within(dialog).getByRole('switch', { name: 'Text message (SMS)' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'E-mail' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Phone call' })).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('First name'), 'Sam');
    await user.click(submit);
    expect(
      await within(dialog).findByText('A phone number is needed for texts and calls'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Mobile phone'), '555');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'not-an-email');
    await user.click(submit);
    expect(await within(dialog).findByText(/Enter a valid phone number/)).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo('POST /api/portal/me/recipients')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Mobile phone'));
    await user.type(within(dialog).getByLabelText('Mobile phone'), '(602) 555-0199');
    await user.clear(within(dialog).getByLabelText('E-mail address'));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'Sam@Example.com');
    await user.type(within(dialog).getByLabelText('Last name'), 'Ortiz');
    const mesBefore = callsTo('GET /api/portal/me').length;
    await user.click(submit);

    expect(await screen.findByText('Recipient added successfully')).toBeInTheDocument();
    expect(JSON.parse(callsTo('POST /api/portal/me/recipients')[0]!.body!)).toEqual({
      first_name: 'Sam',
      last_name: 'Ortiz',
      phone_number: '+16025550199',
      email: 'sam@example.com',
      send_sms: true,
      send_email: true,
      phone_call: false,
      is_active: true,
      is_primary: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card('Sam Ortiz')).toBeInTheDocument();
    expect(within(card('Sam Ortiz')).getByRole('switch', { name: 'SMS for Sam Ortiz' })).toBeChecked();
    expect(callsTo('GET /api/portal/me').length).toBeGreaterThan(mesBefore);
    expect(await screen.findByText('done')).toBeInTheDocument();
  });

  it('adds a primary agent, who takes over the Primary badge', async () => {
    const { user, callsTo } = await openRouting(recipientsServer());

    await user.click(screen.getByRole('button', { name: 'Add primary agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Add primary agent' });
    await user.type(within(dialog).getByLabelText('First name'), 'Pat');
    await user.type(within(dialog).getByLabelText('Mobile phone'), '(602) 555-0177');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'pat@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add primary agent' }));

    await screen.findByRole('listitem', { name: 'Pat' });
    // The new primary is told of every lead: text and e-mail are on.
    expect(JSON.parse(callsTo('POST /api/portal/me/recipients')[0]!.body!)).toMatchObject({
      is_primary: true,
      send_sms: true,
      send_email: true,
    });
    expect(within(card('Pat')).getByText('Primary')).toBeInTheDocument();
    expect(within(card('Alex Agent')).queryByText('Primary')).not.toBeInTheDocument();
  });

  it('keeps the dialog open and says so when the server refuses', async () => {
    const { user } = await openRouting(
      recipientsServer(undefined, {
        extra: { 'POST /api/portal/me/recipients': () => json(400, { detail: 'Too many recipients' }) },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add team member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add team member' });
    await user.type(within(dialog).getByLabelText('First name'), 'Sam');
    await user.type(within(dialog).getByLabelText('Mobile phone'), '(602) 555-0188');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add team member' }));

    expect(await screen.findByText('Failed to add recipient')).toBeInTheDocument();
    expect(screen.getByText('Too many recipients')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add team member' })).toBeInTheDocument();
  });
});

describe('changing a recipient', () => {
  it.each([
    ['an inactive recipient', { is_active: false }, 'an inactive recipient cannot be primary'],
    [
      'a recipient told by no channel',
      { send_sms: false, send_email: false, phone_call: false },
      'the primary must be told of leads',
    ],
  ])('will not make %s primary, and says why beside the button', async (_label, change, reason) => {
    const { user, callsTo } = await openRouting(
      recipientsServer([buildAgentRecipient(), { ...jamie, ...change }]),
    );
    const button = within(card('Jamie Lee')).getByRole('button', { name: 'Make primary Jamie Lee' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(expect.stringContaining(reason));
    await user.click(button);
    expect(callsTo('PATCH /api/portal/me/recipients/:id')).toHaveLength(0);
    expect(within(card('Alex Agent')).getByText('Primary')).toBeInTheDocument();
  });

  it('shows "Invalid Status" when the server says the recipient became inactive meanwhile', async () => {
    const { user } = await openRouting(
      recipientsServer([buildAgentRecipient(), jamie], {
        extra: {
          'PATCH /api/portal/me/recipients/:id': () =>
            json(400, { detail: 'cannot set recipient as primary when inactive' }),
        },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Make primary Jamie Lee' }));

    expect(await screen.findByText('Invalid Status')).toBeInTheDocument();
    expect(screen.getByText('Cannot set an inactive recipient as primary agent')).toBeInTheDocument();
    expect(screen.queryByText('Update Failed')).not.toBeInTheDocument();
  });

  it('makes an active recipient primary and the agent not', async () => {
    const { user, callsTo } = await openRouting(recipientsServer([buildAgentRecipient(), jamie]));
    await user.click(screen.getByRole('button', { name: 'Make primary Jamie Lee' }));

    expect(await screen.findByText('Recipient updated successfully')).toBeInTheDocument();
    expect(JSON.parse(callsTo('PATCH /api/portal/me/recipients/:id')[0]!.body!)).toEqual({
      is_primary: true,
    });
    expect(callsTo('PATCH /api/portal/me/recipients/:id')[0]!.path).toBe('/api/portal/me/recipients/jamie');
    await waitFor(() => expect(within(card('Alex Agent')).queryByText('Primary')).not.toBeInTheDocument());
    expect(within(card('Jamie Lee')).getByText('Primary')).toBeInTheDocument();
  });

  it('turns a channel on at once and back off with "Update Failed" when the save fails', async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = await openRouting(
      recipientsServer([buildAgentRecipient(), jamie], {
        extra: {
          'PATCH /api/portal/me/recipients/:id': () =>
            new Promise<Response>((resolve) => {
              answer = resolve;
            }),
          // The list is not fetched again in time: only the rollback can put the switch back.
          'GET /api/portal/me/recipients': (_request, index) =>
            index === 0 ? json(200, [buildAgentRecipient(), jamie]) : new Promise<Response>(() => {}),
        },
      }),
    );
    const emailSwitch = within(card('Jamie Lee')).getByRole('switch', { name: 'E-mail for Jamie Lee' });
    expect(emailSwitch).not.toBeChecked();

    await user.click(emailSwitch);
    expect(emailSwitch).toBeChecked();

    answer(json(500, { detail: 'Internal server error' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to update recipient')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(card('Jamie Lee')).getByRole('switch', { name: 'E-mail for Jamie Lee' }),
      ).not.toBeChecked(),
    );
  });

  it('saves a channel and keeps it on', async () => {
    const { user, callsTo } = await openRouting(recipientsServer([buildAgentRecipient(), jamie]));
    await user.click(within(card('Jamie Lee')).getByRole('switch', { name: 'Call for Jamie Lee' }));

    expect(await screen.findByText('Recipient updated successfully')).toBeInTheDocument();
    expect(JSON.parse(callsTo('PATCH /api/portal/me/recipients/:id')[0]!.body!)).toEqual({
      phone_call: true,
    });
    expect(within(card('Jamie Lee')).getByRole('switch', { name: 'Call for Jamie Lee' })).toBeChecked();
  });

  it('sums up who a lead goes to first and how many people each channel reaches, after each change', async () => {
    const off = buildRecipient({ _id: 'off', first_name: 'Sam', last_name: 'Off', is_active: false });
    const { user } = await openRouting(recipientsServer([buildAgentRecipient(), jamie, off]));
    const summary = screen.getByRole('region', { name: 'Your routing at a glance' });
    const figure = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
    expect(figure('Primary agent')).toBe('Alex Agent');
    expect(figure('Active recipients')).toBe('2 of 3');
    // Sam's text messages are on, but Sam is off: only active people count.
    expect(figure('By text message')).toBe('2 people');
    expect(figure('By e-mail')).toBe('1 person');
    expect(figure('By phone call')).toBe('1 person');

    await user.click(within(card('Jamie Lee')).getByRole('switch', { name: 'Call for Jamie Lee' }));
    await waitFor(() => expect(figure('By phone call')).toBe('2 people'));
  });

  it('edits a recipient in a dialog', async () => {
    const { user, callsTo } = await openRouting(recipientsServer([buildAgentRecipient(), jamie]));
    await user.click(screen.getByRole('button', { name: 'Edit Jamie Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Jamie Lee' });
    expect(within(dialog).getByLabelText('Mobile phone')).toHaveValue('(602) 555-0123');
    await user.clear(within(dialog).getByLabelText('Last name'));
    await user.type(within(dialog).getByLabelText('Last name'), 'Park');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('listitem', { name: 'Jamie Park' })).toBeInTheDocument();
    expect(JSON.parse(callsTo('PATCH /api/portal/me/recipients/:id')[0]!.body!)).toMatchObject({
      last_name: 'Park',
      phone_number: '+16025550123',
    });
    expect(screen.getByText('Recipient updated successfully')).toBeInTheDocument();
  });
});

describe('removing a recipient', () => {
  it('asks first: Cancel keeps them, Remove deletes them', async () => {
    const { user, callsTo } = await openRouting(recipientsServer([buildAgentRecipient(), jamie]));
    expect(await screen.findByText('done')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Jamie Lee' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove Jamie Lee?' });
    expect(within(dialog).getByText('They will stop receiving leads.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('Jamie Lee')).toBeInTheDocument();
    expect(callsTo('DELETE /api/portal/me/recipients/:id')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Jamie Lee' }));
    dialog = screen.getByRole('dialog', { name: 'Remove Jamie Lee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Recipient removed successfully')).toBeInTheDocument();
    expect(callsTo('DELETE /api/portal/me/recipients/:id')[0]!.path).toBe('/api/portal/me/recipients/jamie');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Jamie Lee' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(/not yet — add at least one more recipient/)).toBeInTheDocument();
  });

  it('says so when the removal fails, and keeps the recipient', async () => {
    const { user } = await openRouting(
      recipientsServer([buildAgentRecipient(), jamie], {
        extra: { 'DELETE /api/portal/me/recipients/:id': () => json(500, { detail: 'Internal error' }) },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Jamie Lee' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Jamie Lee?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Failed to remove recipient')).toBeInTheDocument();
    expect(screen.getByText('Internal error')).toBeInTheDocument();
    // The dialog stays for another try; cancelling it shows the recipient still there.
    const dialog = screen.getByRole('dialog', { name: 'Remove Jamie Lee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(card('Jamie Lee')).toBeInTheDocument();
  });
});

describe('the team-members page', () => {
  it('lists only the people besides the agent, with an empty state', async () => {
    recipientsServer();
    renderApp(<RoutingTeamMembersPage />, { url: '/routing/team-members' });
    expect(await screen.findByText('No team members yet')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Alex Agent' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add team member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add primary agent' })).not.toBeInTheDocument();
  });
});

describe('the lead_routing onboarding step', () => {
  it('manages recipients in place and follows the step status', async () => {
    const { user } = Object.assign(
      recipientsServer(),
      renderApp(<LeadRoutingPage />, { url: '/onboarding/leadRouting/lead_routing' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Lead routing' });
    await screen.findByRole('listitem', { name: 'Alex Agent' });
    expect(screen.getByText('Not yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add team member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add team member' });
    await user.type(within(dialog).getByLabelText('First name'), 'Sam');
    await user.type(within(dialog).getByLabelText('E-mail address'), 'sam@example.com');
    // Told by e-mail only: no phone to text.
    await user.click(within(dialog).getByRole('switch', { name: 'Text message (SMS)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add team member' }));

    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('done')).toBeInTheDocument();
  });
});

describe('the list between cards and a table', () => {
  it('keeps an open edit dialog, and what was typed, when the width crosses the breakpoint', async () => {
    const observers: ResizeObserverCallback[] = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const { user } = await openRouting(recipientsServer([buildAgentRecipient(), jamie]));
      expect(document.querySelector('[data-layout="cards"]')).not.toBeNull();
      await user.click(screen.getByRole('button', { name: 'Edit Jamie Lee' }));
      const first = within(screen.getByRole('dialog', { name: 'Edit Jamie Lee' })).getByLabelText(
        'First name',
      );
      await user.clear(first);
      await user.type(first, 'Jamison');

      // The window widens (a phone turned sideways, a sidebar closed): the list becomes a table.
      act(() => {
        for (const callback of observers)
          callback([{ contentRect: { width: 1200 } } as ResizeObserverEntry], {} as ResizeObserver);
      });
      await waitFor(() => expect(document.querySelector('[data-layout="table"]')).not.toBeNull());
      const dialog = screen.getByRole('dialog', { name: 'Edit Jamie Lee' });
      expect(within(dialog).getByLabelText('First name')).toHaveValue('Jamison');
    } finally {
      globalThis.ResizeObserver = original;
    }
  });
});
