import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, localDay } from '@/lib/agent-capacity-api';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

const FAQ = 'Frequently asked questions';

function signedIn(pausedUntil: string | null, { failResume = false } = {}) {
  let me = buildMe({ agent_profile: { agent_status: 'active', paused_until: pausedUntil } });
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, me),
    'GET /api/contact': () => json(200, { email: 'office@example.com' }),
    'PATCH /api/portal/me/agent_profile': (request) => {
      if (failResume) return json(503, { detail: 'The database is busy' });
      const patch = JSON.parse(request.body ?? '{}');
      me = { ...me, agent_profile: { ...me.agent_profile!, ...patch } };
      return json(200, me.agent_profile);
    },
  });
}

describe('the pause banner', { timeout: 20_000 }, () => {
  it('tells a paused agent on every page until when, and Resume ends the pause', async () => {
    const { callsTo } = signedIn('2027-12-05');
    const { user } = renderPortal('/resources/faq');
    await screen.findByRole('heading', { level: 1, name: FAQ });

    const main = screen.getByRole('main');
    const banner = within(main).getByText('Paused until Dec 5, 2027 — no new leads until then.');
    await user.click(within(main).getByRole('button', { name: 'Resume' }));

    await waitFor(() => expect(banner).not.toBeInTheDocument());
    expect(
      callsTo('PATCH /api/portal/me/agent_profile').map((call) => JSON.parse(call.body ?? '{}')),
    ).toEqual([{ paused_until: null }]);
    expect(await screen.findByText('Leads resumed')).toBeInTheDocument();
  });

  it('shows nothing once the pause has ended (leads start again on its date) or when there is none', async () => {
    signedIn(localDay());
    renderPortal('/resources/faq');
    await screen.findByRole('heading', { level: 1, name: FAQ });
    expect(screen.queryByText(/Paused until/)).not.toBeInTheDocument();
  });

  it('keeps the banner and says why when Resume fails', async () => {
    signedIn(addDays(localDay(), 3), { failResume: true });
    const { user } = renderPortal('/resources/faq');
    await screen.findByRole('heading', { level: 1, name: FAQ });
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Could not resume your leads')).toBeInTheDocument();
    expect(screen.getByText(/^Paused until/)).toBeInTheDocument();
  });
});
