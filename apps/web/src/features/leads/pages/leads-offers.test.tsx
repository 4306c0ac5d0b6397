import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildLead, leadsServer } from '../test/leads-server';
import { LeadsPage } from './leads-page';

const PAGE_LOAD = { timeout: 5000 };
const MINUTE = 60_000;
const offer = (leftMs: number) => ({
  offered_at: new Date(Date.now() - MINUTE).toISOString(),
  expires_at: new Date(Date.now() + leftMs).toISOString(),
});

const offered = (leftMs = 10 * MINUTE) =>
  buildLead({
    id: 'lead-offer',
    first_name: 'Olive',
    last_name: 'Offered',
    phone: '+16025550199',
    email: 'olive@example.com',
    street: '9 Secret Ln',
    city: 'Tempe',
    zip: '85281',
    lead_type: 'expired',
    offer: offer(leftMs),
    accepted_at: null,
  });

describe('offers on /leads', { timeout: 30_000 }, () => {
  it('lists an open offer first, in its own part, with type, area and countdown and no seller', async () => {
    leadsServer([buildLead({ first_name: 'Hal', last_name: 'Held' }), offered()]);
    renderApp(<LeadsPage />, { url: '/leads' });

    const offers = await screen.findByRole('region', { name: 'Offers' }, PAGE_LOAD);
    const item = within(offers).getByRole('listitem');
    expect(
      within(item).getByRole('button', { name: 'Expired listing lead in Tempe, AZ 85281' }),
    ).toBeInTheDocument();
    expect(within(item).getByRole('timer')).toHaveTextContent(/^(10:00|09:\d\d)$/);
    expect(offers).not.toHaveTextContent(/Olive|Offered|Secret|0199|olive@/);
    // The queue's rows are the leads already the agent's.
    const queue = screen.getByRole('table', { name: /Your queue/ });
    expect(queue).toHaveTextContent('Hal Held');
    expect(queue).not.toHaveTextContent('Tempe');
  });

  it('shows Accept and Pass without the seller, then the whole lead once accepted', async () => {
    const { callsTo } = leadsServer([offered()]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads' });
    await user.click(await screen.findByRole('button', { name: /lead in Tempe/ }, PAGE_LOAD));

    const panel = await screen.findByRole('dialog', {
      name: 'Offer: Expired listing lead in Tempe, AZ 85281',
    });
    expect(within(panel).getByRole('timer')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /Call/ })).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent(/Olive|Secret|olive@/);

    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    const accepted = await screen.findByRole('dialog', { name: 'Olive Offered' });
    expect(within(accepted).getAllByRole('link', { name: /Call/ })[0]).toHaveAttribute(
      'href',
      'tel:+16025550199',
    );
    expect(accepted).toHaveTextContent('9 Secret Ln');
    expect(callsTo('POST /api/portal/me/leads/:id/accept')).toHaveLength(1);
    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
  });

  it('asks why before passing, then says where the lead went and closes it', async () => {
    const { callsTo, state } = leadsServer([offered()]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads?lead=lead-offer' });
    const panel = await screen.findByRole('dialog', { name: /^Offer:/ }, PAGE_LOAD);

    await user.click(within(panel).getByRole('button', { name: 'Pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pass on this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pass' }));
    expect(await within(dialog).findByText('Say why you pass the lead')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Why are you passing?' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(callsTo('POST /api/portal/me/leads/:id/pass')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Why are you passing?' }), 'Out of my area');
    await user.click(within(dialog).getByRole('button', { name: 'Pass' }));
    expect(
      await screen.findByText('The lead went to Blake Broker, the next eligible agent.'),
    ).toBeInTheDocument();
    expect(state.handedBack).toEqual([{ id: 'lead-offer', kind: 'pass', reason: 'Out of my area' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument());
  });

  it('says "Lapsed" after the deadline and offers no Accept', async () => {
    leadsServer([offered(6_000)]);
    renderApp(<LeadsPage />, { url: '/leads?lead=lead-offer' });
    const panel = await screen.findByRole('dialog', { name: /^Offer:/ }, PAGE_LOAD);
    expect(within(panel).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(await within(panel).findByText('Lapsed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent(/lapsed before it was accepted/);
  });

  it('closes an open lead that went to another agent, and says so', async () => {
    leadsServer([buildLead({ id: 'lead-gone', first_name: 'Gwen', last_name: 'Gone' })], {
      extra: {
        'GET /api/portal/me/leads/:id': (_request, call) =>
          call === 0
            ? json(200, {
                ...buildLead({ id: 'lead-gone', first_name: 'Gwen', last_name: 'Gone' }),
                events: [],
              })
            : json(404, { detail: 'Not found' }),
      },
    });
    const { queryClient } = renderApp(<LeadsPage />, { url: '/leads?lead=lead-gone' });
    await screen.findByRole('dialog', { name: 'Gwen Gone' }, PAGE_LOAD);
    await queryClient.refetchQueries({ queryKey: ['portal', 'leads', 'detail', 'lead-gone'] });
    expect(await screen.findByText('This lead went to another agent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('releases an accepted lead with a reason', async () => {
    const { state } = leadsServer([buildLead({ id: 'lead-mine', first_name: 'Rita', last_name: 'Release' })]);
    const { user } = renderApp(<LeadsPage />, { url: '/leads?lead=lead-mine' });
    const panel = await screen.findByRole('dialog', { name: 'Rita Release' }, PAGE_LOAD);
    await user.click(within(panel).getByRole('button', { name: 'Release lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release this lead?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Why are you releasing it?' }),
      'Needs Spanish',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Release the lead' }));
    expect(await screen.findByText('Lead released')).toBeInTheDocument();
    expect(state.handedBack).toEqual([{ id: 'lead-mine', kind: 'release', reason: 'Needs Spanish' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
