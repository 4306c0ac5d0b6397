import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { DevTemplatesPage } from './dev-templates-page';

const superuser = buildMe({ is_superuser: true, user_role: 'superuser', agent_profile: null });

const leadEmail = {
  name: 'lead_email',
  variant: 'all fields',
  channel: 'email',
  subject: 'New seller lead: Jane Doe (FSBO) in Phoenix',
  html: '<p id="injected">New seller lead</p><script>window.pwned = true</script>',
  text: 'New seller lead: Jane Doe\n\nOpen the lead:\nhttp://localhost:3000/leads?lead=1',
  sms_segments: null,
};
const leadSms = {
  name: 'lead_sms',
  variant: 'all fields',
  channel: 'sms',
  subject: null,
  html: null,
  text: 'New FSBO lead: Jane Doe, 12 Main St, Phoenix AZ. Call (602) 555-0155.',
  sms_segments: 1,
};

/** The templates page; `from`: another page of the portal, from which the person goes there. */
function renderTemplates(templates: Handler, from?: string) {
  return {
    ...mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, superuser),
      'GET /api/dev/templates': templates,
      'GET /api/dev/mailbox': () => json(200, { items: [] }),
    }),
    ...(from ? renderPortal(from) : renderApp(<DevTemplatesPage />, { url: '/dev/templates' })),
  };
}

describe('dev mailbox: templates', () => {
  it('shows the first template in a sandboxed frame with its text, and another on request', async () => {
    const { user } = renderTemplates(() => json(200, { items: [leadEmail, leadSms] }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Message templates' })).toBeInTheDocument();
    const frame = await screen.findByTitle('HTML of lead_email (all fields)');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', leadEmail.html);
    expect(document.getElementById('injected')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    expect(screen.getByRole('heading', { level: 2, name: 'lead_email (all fields)' })).toBeInTheDocument();
    expect(screen.getByText(/Open the lead:/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /lead_sms/ }));
    const card = screen
      .getByRole('heading', { level: 2, name: 'lead_sms (all fields)' })
      .closest('[data-slot="card"]');
    expect(within(card as HTMLElement).getByText(/^1 \(\d+ characters\)$/)).toBeInTheDocument();
    expect(screen.queryByTitle(/HTML of/)).toBeNull();
    expect(screen.getByText(leadSms.text)).toBeInTheDocument();
  });

  it('brings the chosen template into view beside the list and gives it the focus', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = renderTemplates(() => json(200, { items: [leadEmail, leadSms] }));
    await user.click(await screen.findByRole('button', { name: /lead_sms/ }));
    const heading = screen.getByRole('heading', { level: 2, name: 'lead_sms (all fields)' });
    expect(heading).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(heading);
    scrolled.mockRestore();
  });

  it('lets a phone pick a template from a list box', async () => {
    const { user } = renderTemplates(() => json(200, { items: [leadEmail, leadSms] }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Template' }),
      'lead_sms:all fields',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'lead_sms (all fields)' })).toBeInTheDocument();
  });

  it('is reached from the mailbox and back', async () => {
    const { user, location } = renderTemplates(() => json(200, { items: [leadEmail] }), '/dev/mailbox');
    const nav = await screen.findByRole('navigation', { name: 'Dev mailbox' });
    await user.click(within(nav).getByRole('link', { name: 'Templates' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Message templates' })).toBeInTheDocument();
    expect(location()).toBe('/dev/templates');
    expect(
      within(screen.getByRole('navigation', { name: 'Dev mailbox' })).getByRole('link', {
        name: 'Templates',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('explains a 404 and a 403 as the mailbox does', async () => {
    renderTemplates(() => json(404, { detail: 'Not found' }));
    expect(await screen.findByText('The dev mailbox is not available on this server')).toBeInTheDocument();
  });

  it('explains a 403: superusers only', async () => {
    renderTemplates(() => json(403, { detail: 'You do not have access to this' }));
    expect(await screen.findByText('Only superusers can read the dev mailbox.')).toBeInTheDocument();
  });
});
