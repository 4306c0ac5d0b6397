import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';
import { describeEvent } from './lead-timeline';

const PAGE_LOAD = { timeout: 5000 };
const LEAD_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const RILEY = { email: 'riley@example.com', label: 'Riley Helper (recipient)', kind: 'recipient' as const };

async function openComposer(name: string) {
  const { user, ...rest } = renderApp(<LeadsPage />, { url: '/leads' });
  await user.click(await screen.findByRole('button', { name: new RegExp(name) }, PAGE_LOAD));
  const panel = await screen.findByRole('dialog', { name });
  const button = await within(panel).findByRole('button', { name: 'Send e-mail' });
  await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Send an e-mail' }, PAGE_LOAD);
  const editor = await within(dialog).findByRole('textbox', { name: 'Message' });
  return { user, panel, dialog, editor, ...rest };
}

describe('the e-mail composer', { timeout: 30_000 }, () => {
  it('writes with formatting and sends the right body, then shows the e-mail on the timeline', async () => {
    const { state } = leadsServer(
      [buildLead({ id: LEAD_ID, first_name: 'Pat', last_name: 'Owner', email: 'pat@example.com' })],
      { recipients: [RILEY] },
    );
    const { user, dialog, editor, panel } = await openComposer('Pat Owner');

    // To: the lead first, then the recipients; From: the agent's address or the office.
    const to = within(dialog).getByLabelText('To');
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['pat@example.com · Pat Owner (lead)', 'riley@example.com · Riley Helper (recipient)']);
    const from = within(dialog).getByLabelText('From');
    expect(from).toHaveValue('agent@example.com');
    expect(from).toHaveAccessibleDescription('Replies go to agent@example.com.');
    expect(editor.querySelector('[data-placeholder]')).toHaveAttribute(
      'data-placeholder',
      'Type your message here…',
    );
    expect(editor).toHaveAttribute('aria-placeholder', 'Type your message here…');

    const toolbar = within(dialog).getByRole('toolbar', { name: 'Formatting' });
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    const italic = within(toolbar).getByRole('button', { name: 'Italic' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    expect(bold).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    // One tab stop for the toolbar; the arrow keys move along it.
    expect(bold).toHaveAttribute('tabindex', '0');
    expect(italic).toHaveAttribute('tabindex', '-1');

    await user.type(within(dialog).getByLabelText('Subject'), 'Your house on Palm Way');
    await user.click(editor);
    await user.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('Hello');
    await user.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard(' Pat');
    // The keyboard shortcut works too.
    await user.keyboard('{Control>}i{/Control}');
    expect(italic).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('!');

    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByText('E-mail sent')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send an e-mail' })).not.toBeInTheDocument(),
    );
    expect(state.sent).toEqual([
      {
        to: 'pat@example.com',
        from_email: 'agent@example.com',
        subject: 'Your house on Palm Way',
        message: '<p><strong>Hello</strong> Pat<em>!</em></p>',
        lead_id: LEAD_ID,
      },
    ]);
    expect(
      await within(panel).findByText('E-mail sent to pat@example.com: Your house on Palm Way'),
    ).toBeInTheDocument();

    // The next e-mail starts empty.
    await user.click(within(panel).getByRole('button', { name: 'Send e-mail' }));
    const next = await screen.findByRole('dialog', { name: 'Send an e-mail' });
    expect(within(next).getByLabelText('Subject')).toHaveValue('');
    expect((await within(next).findByRole('textbox', { name: 'Message' })).textContent).toBe('');
  });

  it('makes lists and links from the toolbar, moving along it with the arrow keys', async () => {
    const { state } = leadsServer([
      buildLead({ id: LEAD_ID, first_name: 'Pat', last_name: 'Owner', email: 'pat@example.com' }),
    ]);
    const { user, dialog, editor } = await openComposer('Pat Owner');
    const toolbar = within(dialog).getByRole('toolbar', { name: 'Formatting' });
    await user.type(within(dialog).getByLabelText('Subject'), 'Links');

    await user.click(editor);
    await user.keyboard('Intro');
    // Tab from the subject reaches the toolbar once; arrows move within it.
    within(toolbar).getByRole('button', { name: 'Bold' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const bullets = within(toolbar).getByRole('button', { name: 'Bulleted list' });
    expect(bullets).toHaveFocus();
    expect(bullets).toHaveAttribute('tabindex', '0');
    await user.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Link' })).toHaveFocus();

    await user.click(bullets);
    expect(bullets).toHaveAttribute('aria-pressed', 'true');
    // The command gives the focus back to the text (tiptap does it in the next frame).
    await waitFor(() => expect(editor).toHaveFocus());
    await user.keyboard('{Enter}see ');

    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const address = within(dialog).getByLabelText('Link address');
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(
      within(dialog).getByText('Enter a web address (https://…) or an e-mail address.'),
    ).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'example.com/house{Enter}');
    expect(within(dialog).queryByLabelText('Link address')).not.toBeInTheDocument();
    // Escape in the link box closes the box only.
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByLabelText('Link address')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send an e-mail' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]!.message).toBe(
      '<ul><li><p>Intro</p></li><li><p>see <a target="_blank" rel="noopener noreferrer" href="https://example.com/house">https://example.com/house</a></p></li></ul>',
    );
  });

  it('keeps what was typed when the server refuses, and shows why', async () => {
    const answers = [
      json(400, { detail: 'subject: Subject cannot contain line breaks or control characters' }),
      json(403, { detail: 'You can only write to your own leads and recipients' }),
      json(
        429,
        { detail: 'Too many attempts. Please wait a moment and try again.' },
        { 'Retry-After': '1800' },
      ),
    ];
    leadsServer(
      [buildLead({ id: LEAD_ID, first_name: 'Pat', last_name: 'Owner', email: 'pat@example.com' })],
      {
        extra: { 'POST /api/portal/agents/send-email': (_request, index) => answers[index]! },
      },
    );
    const { user, dialog, editor } = await openComposer('Pat Owner');
    const subject = within(dialog).getByLabelText('Subject');
    await user.type(subject, 'About the house');
    await user.click(editor);
    await user.keyboard('Call me back');
    const sendButton = within(dialog).getByRole('button', { name: 'Send e-mail' });

    await user.click(sendButton);
    expect(
      await within(dialog).findByText('Subject cannot contain line breaks or control characters'),
    ).toBeInTheDocument();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveValue('About the house');
    expect(editor).toHaveTextContent('Call me back');

    await user.click(sendButton);
    expect(
      await within(dialog).findByText(
        'The e-mail was not sent: You can only write to your own leads and recipients',
      ),
    ).toBeInTheDocument();

    await user.click(sendButton);
    expect(await within(dialog).findByText(/You can try again in 30 minutes\./)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send an e-mail' })).toBeInTheDocument();
    expect(editor).toHaveTextContent('Call me back');
  });

  it('asks for a subject and a message before sending', async () => {
    const { calls } = leadsServer([
      buildLead({ id: LEAD_ID, first_name: 'Pat', last_name: 'Owner', email: 'pat@example.com' }),
    ]);
    const { user, dialog, editor } = await openComposer('Pat Owner');
    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    expect(await within(dialog).findByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();
    await waitFor(() => expect(editor).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((call) => call.path === '/api/portal/agents/send-email')).toHaveLength(0);
  });

  it('does not offer a recipient who has not confirmed their address, and says why', async () => {
    leadsServer(
      [buildLead({ id: LEAD_ID, first_name: 'Pat', last_name: 'Owner', email: 'pat@example.com' })],
      { recipients: [RILEY], awaiting: [{ ...RILEY, email: 'sam@example.com', label: 'Sam (recipient)' }] },
    );
    const { dialog } = await openComposer('Pat Owner');
    const to = within(dialog).getByLabelText('To');
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['pat@example.com · Pat Owner (lead)', 'riley@example.com · Riley Helper (recipient)']);
    expect(to).toHaveAccessibleDescription(
      'Not offered until they confirm their address with the link in our invitation: sam@example.com. You can resend the invitation from your routing list.',
    );
  });

  it('is unavailable, saying why, when the only recipients have not confirmed their address', async () => {
    leadsServer([buildLead({ id: LEAD_ID, first_name: 'Pat', last_name: 'Owner', email: '' })], {
      awaiting: [{ email: 'sam@example.com', label: 'Sam (recipient)', kind: 'recipient' }],
    });
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await user.click(await screen.findByRole('button', { name: /Pat Owner/ }, PAGE_LOAD));
    const panel = await screen.findByRole('dialog', { name: 'Pat Owner' });
    const button = within(panel).getByRole('button', { name: 'Send e-mail' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAccessibleDescription(/your recipients have not confirmed their address/);
  });

  it('is unavailable, with the reason, when nobody has an address to write to', async () => {
    leadsServer([buildLead({ id: LEAD_ID, first_name: 'Pat', last_name: 'Owner', email: '' })]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await user.click(await screen.findByRole('button', { name: /Pat Owner/ }, PAGE_LOAD));
    const panel = await screen.findByRole('dialog', { name: 'Pat Owner' });
    const button = within(panel).getByRole('button', { name: 'Send e-mail' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAccessibleDescription(
      'No e-mail address to write to: this lead has none, and none of your recipients has one.',
    );
    await user.click(button);
    expect(screen.queryByRole('dialog', { name: 'Send an e-mail' })).not.toBeInTheDocument();
  });
});

describe('an e-mail on the timeline', () => {
  const sent = (details: Record<string, unknown>) =>
    describeEvent({
      id: 'e-1',
      kind: 'email_sent',
      actor_type: 'user',
      actor_name: 'Alex Agent',
      details,
      created_at: '2026-11-20T12:00:00.000Z',
    }).title;

  it('reads as a sentence, without the address when it is not for this reader', () => {
    expect(sent({ to: 'pat@example.com', subject: 'Your house' })).toBe(
      'E-mail sent to pat@example.com: Your house',
    );
    expect(sent({ to: null, subject: 'Your house' })).toBe('E-mail sent: Your house');
  });
});
