import type { Lead, LeadEvent } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { recipientSession } from '@/test/factories';
import { type Handler, json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { AGENT_AUTHOR, activitiesHandler } from '../test/lead-lifecycle-server';
import { buildLead, leadsServer } from '../test/leads-server';
import { LeadDetailSheet } from './lead-detail-sheet';

function renderSheet(lead: Lead, options: Parameters<typeof leadsServer>[1] = {}) {
  const server = leadsServer([lead], options);
  const view = renderApp(<LeadDetailSheet leadId={lead.id} row={undefined} onClose={() => {}} />, {
    url: '/leads',
  });
  return { ...server, ...view };
}

const posted = (callsTo: (key: string) => { body: string | null }[]) =>
  callsTo('POST /api/portal/me/leads/:id/activities').map((call) => JSON.parse(call.body!));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const activity = (
  id: string,
  details: Record<string, unknown>,
  author: { name: string; role: 'agent' | 'recipient' },
  at: string,
): LeadEvent => ({
  id,
  kind: 'activity',
  actor_type: author.role === 'agent' ? 'user' : 'recipient',
  actor_name: author.name,
  details: { activity_id: id, outcome: null, body: '', author_role: author.role, ...details },
  created_at: at,
});

/** The phone app opening and the agent coming back: the window loses focus, then has it again. */
function leaveAndComeBack() {
  act(() => {
    window.dispatchEvent(new Event('blur'));
  });
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

/** jsdom cannot follow tel: and sms: links: the test stops the browser's part, not the page's. */
function stayOnPage() {
  const stop = (event: Event) => event.preventDefault();
  document.addEventListener('click', stop, { capture: true });
  return () => document.removeEventListener('click', stop, { capture: true });
}

describe('the lead sheet’s thread', { timeout: 20_000 }, () => {
  it('shows activities and notes with their author’s name and role, and the exact time on hover', async () => {
    const lead = buildLead({ id: 'lead-t', first_name: 'Theo', last_name: 'Thread' });
    const { state } = leadsServer([lead]);
    const noteAt = minutesAgo(5);
    state.events.set('lead-t', [
      {
        id: 'routed-1',
        kind: 'routed',
        actor_type: 'system',
        actor_name: null,
        details: { reason: 'Fewest leads in the last 30 days' },
        created_at: minutesAgo(120),
      },
      activity(
        'a-1',
        { kind: 'call', outcome: 'no_answer' },
        { name: 'Alex Agent', role: 'agent' },
        minutesAgo(60),
      ),
      activity(
        'a-2',
        { kind: 'note', body: 'Seller prefers texts after 6 pm' },
        { name: 'Maria Lopez', role: 'recipient' },
        noteAt,
      ),
    ]);
    const { user } = renderApp(<LeadDetailSheet leadId="lead-t" row={undefined} onClose={() => {}} />, {
      url: '/leads',
    });
    const panel = await screen.findByRole('dialog', { name: 'Theo Thread' });

    const note = await within(panel).findByText('Seller prefers texts after 6 pm');
    const noteItem = note.closest('li')!;
    expect(noteItem).toHaveTextContent('Maria Lopez, team member');
    const time = within(noteItem).getByText('5 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', noteAt);
    expect(time.getAttribute('title')).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    const call = within(panel).getByText('Call: No answer').closest('li')!;
    expect(call).toHaveTextContent('Alex Agent, agent');
    expect(call).toHaveTextContent('1 hour ago');
    // Newest first, under the composer.
    const items = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toContain('Seller prefers texts');
    expect(items.at(-1)).toContain('Lead routed');

    await user.click(within(panel).getByRole('button', { name: 'Activity' }));
    expect(within(panel).getByRole('button', { name: 'Activity' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).queryByText('Lead routed')).not.toBeInTheDocument();
    expect(within(panel).getByText('Call: No answer')).toBeInTheDocument();
  });

  it('adds a note to the thread, and keeps it as typed when adding fails', async () => {
    // The first try is refused; the next reaches the fake API's own handler.
    let accept: Handler = () => json(500, {});
    const { callsTo, user, state } = renderSheet(
      buildLead({ id: 'lead-n', first_name: 'Noel', last_name: 'Notes' }),
      {
        extra: {
          'POST /api/portal/me/leads/:id/activities': (request, index) =>
            index === 0
              ? json(503, { detail: 'The portal is busy. Try again in a minute.' })
              : accept(request, index),
        },
      },
    );
    accept = activitiesHandler(state, AGENT_AUTHOR);
    const panel = await screen.findByRole('dialog', { name: 'Noel Notes' });
    const box = within(panel).getByRole('textbox', { name: 'Add a note' });
    expect(within(panel).getByRole('button', { name: 'Add note' })).toBeDisabled();
    await user.type(box, 'Call back Tuesday after 5');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Your note was not added (The portal is busy. Try again in a minute). It is still here, so you can add it again.',
    );
    expect(box).toHaveValue('Call back Tuesday after 5');

    // Ctrl+Enter adds it from the keyboard.
    await user.type(box, '{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const added = await within(panel).findByText('Call back Tuesday after 5');
    expect(added.closest('li')).toHaveTextContent('Alex Agent, agent');
    expect(posted(callsTo)).toEqual([
      { kind: 'note', body: 'Call back Tuesday after 5' },
      { kind: 'note', body: 'Call back Tuesday after 5' },
    ]);
  });

  it('logs a meeting done elsewhere', async () => {
    const { callsTo, user } = renderSheet(buildLead({ id: 'lead-m', first_name: 'Mia', last_name: 'Meet' }));
    const panel = await screen.findByRole('dialog', { name: 'Mia Meet' });
    await user.click(within(panel).getByRole('button', { name: 'Log activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    await user.click(within(dialog).getByRole('button', { name: 'Log activity' }));
    expect(await within(dialog).findByText('Choose what you did')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Meeting' }));
    expect(within(dialog).queryByRole('radiogroup', { name: /How did it go/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Walked the house, kitchen needs work');
    await user.click(within(dialog).getByRole('button', { name: 'Log activity' }));

    expect(await screen.findByText('Meeting logged')).toBeInTheDocument();
    expect(posted(callsTo)).toEqual([{ kind: 'meeting', body: 'Walked the house, kitchen needs work' }]);
    expect(await within(panel).findByText('Walked the house, kitchen needs work')).toBeInTheDocument();
  });
});

describe('calling and texting from the sheet', { timeout: 20_000 }, () => {
  it('asks how the call went on coming back from the phone app, and logs it', async () => {
    const restore = stayOnPage();
    const { callsTo, user } = renderSheet(
      buildLead({ id: 'lead-c', first_name: 'Cal', last_name: 'Back', created_at: minutesAgo(4) }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Cal Back' });
    expect(within(panel).getByText(/^Not contacted yet: arrived 4 min ago$/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('link', { name: 'Call' }));
    expect(screen.queryByRole('dialog', { name: 'How did the call go?' })).not.toBeInTheDocument();
    leaveAndComeBack();
    const prompt = await screen.findByRole('dialog', { name: 'How did the call go?' });
    await user.type(within(prompt).getByLabelText('Note (optional)'), 'Call back after 5');
    await user.click(within(prompt).getByRole('button', { name: 'Left message' }));

    expect(await screen.findByText('Call logged')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'How did the call go?' })).not.toBeInTheDocument(),
    );
    expect(posted(callsTo)).toEqual([{ kind: 'call', outcome: 'left_message', body: 'Call back after 5' }]);
    const logged = await within(panel).findByText('Call: Left message');
    expect(logged.closest('li')).toHaveTextContent('Alex Agent, agent');
    // The first contact, and the new lead being pursued, come back from the server.
    const speed = await within(panel).findByText('4 min after it arrived');
    expect(speed.closest('p')).toHaveTextContent(/^Contacted 4 min after it arrived$/);
    expect(within(panel).getByRole('button', { name: 'Pursuing' })).toHaveAttribute('aria-pressed', 'true');
    restore();
  });

  it('asks about a text with a text’s outcomes, logs nothing on “Not now”, and never asks when the page was not left', async () => {
    const restore = stayOnPage();
    const { callsTo, user } = renderSheet(buildLead({ id: 'lead-x', first_name: 'Tex', last_name: 'Ting' }));
    const panel = await screen.findByRole('dialog', { name: 'Tex Ting' });

    // A click that opened no app: coming back to the window asks nothing.
    await user.click(within(panel).getByRole('link', { name: 'Text' }));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.queryByRole('dialog', { name: 'How did the text go?' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('link', { name: 'Text' }));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    fireEvent(document, new Event('visibilitychange'));
    const prompt = await screen.findByRole('dialog', { name: 'How did the text go?' });
    expect(
      within(prompt)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expect.arrayContaining(['No reply yet', 'They replied', 'Wrong number', 'Not now']));
    expect(within(prompt).queryByRole('button', { name: 'Left message' })).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'How did the text go?' })).not.toBeInTheDocument(),
    );
    expect(posted(callsTo)).toEqual([]);
    // @ts-expect-error: back to jsdom's own property
    delete document.visibilityState;
    restore();
  });

  it('lets a team member log a call as themselves', async () => {
    localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
    const restore = stayOnPage();
    const { user } = renderSheet(buildLead({ id: 'lead-r', first_name: 'Rae', last_name: 'Calls' }), {
      as: 'recipient',
    });
    const panel = await screen.findByRole('dialog', { name: 'Rae Calls' });
    await user.click(within(panel).getByRole('link', { name: 'Call' }));
    leaveAndComeBack();
    const prompt = await screen.findByRole('dialog', { name: 'How did the call go?' });
    await user.click(within(prompt).getByRole('button', { name: 'Spoke' }));
    const logged = await within(panel).findByText('Call: Spoke');
    expect(logged.closest('li')).toHaveTextContent('Riley Recipient, team member');
    restore();
  });
});
