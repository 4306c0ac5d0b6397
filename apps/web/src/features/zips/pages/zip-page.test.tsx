import type { AgentRecord, MyZipcodesResponse } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { ZipPage } from './zip-page';

const ITEMS = [
  { zip: '85004', city: 'Phoenix', county: 'Maricopa', state: 'AZ' },
  { zip: '85201', city: 'Mesa', county: 'Maricopa', state: 'AZ' },
  { zip: '85701', city: 'Tucson', county: 'Pima', state: 'AZ' },
];

/** The server's search: ZIP prefix, or part of the city or county name. */
function answer(path: string, items = ITEMS): MyZipcodesResponse {
  const q = new URL(path, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
  const matches = items.filter((item) =>
    /^\d+$/.test(q)
      ? item.zip.startsWith(q)
      : item.city.toLowerCase().includes(q) || item.county.toLowerCase().includes(q),
  );
  return {
    items: matches,
    total: items.length,
    service_area_name: 'Valley',
    excluded_zips: ['85006'],
    excluded_cities: ['Tempe'],
  };
}

const me = (agent: Partial<AgentRecord> = {}) => buildMe({ agent_profile: agent });

describe('/zip', { timeout: 20_000 }, () => {
  it('lists the ZIP codes with their place and searches them on the server', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me()),
      'GET /api/portal/me/zipcodes': (request) => json(200, answer(request.path)),
    });
    const { user } = renderApp(<ZipPage />, { url: '/zip' });

    const table = await screen.findByRole('table', { name: 'Your ZIP codes' }, { timeout: 5000 });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: '85004 Phoenix Maricopa AZ' })).toBeInTheDocument();
    expect(screen.getByText(/3 ZIP codes in your service area/)).toBeInTheDocument();
    expect(screen.getByText('Cities: Tempe')).toBeInTheDocument();
    expect(screen.getByText('ZIP codes: 85006')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your service area' })).toHaveAttribute(
      'href',
      '/onboarding/leadRouting/service_area',
    );

    await user.type(screen.getByLabelText('Search your ZIP codes'), 'pima');
    expect(await screen.findByText('1 of 3 ZIP codes match “pima”.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(callsTo('GET /api/portal/me/zipcodes').at(-1)!.path).toBe('/api/portal/me/zipcodes?q=pima');

    await user.clear(screen.getByLabelText('Search your ZIP codes'));
    await user.type(screen.getByLabelText('Search your ZIP codes'), '999');
    expect(await screen.findByText('No ZIP code matches “999”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says there are none yet and links to the service-area step', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me()),
      'GET /api/portal/me/zipcodes': (request) => json(200, answer(request.path, [])),
    });
    renderApp(<ZipPage />, { url: '/zip' });
    expect(
      await screen.findByRole('heading', { name: 'No ZIP codes yet' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your service area' })).toHaveAttribute(
      'href',
      '/onboarding/leadRouting/service_area',
    );
  });

  it('is hidden, without asking the server, when the office manages the ZIP codes', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me({ can_see_portal_zips: false })),
    });
    renderApp(<ZipPage />, { url: '/zip' });
    expect(
      await screen.findByText('Your ZIP codes are managed by your office', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ZIP codes' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/portal/me/zipcodes')).toHaveLength(0);
  });

  it('shows the hidden message when the server refuses, and a retry when loading fails', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me()),
      'GET /api/portal/me/zipcodes': (_request, index) =>
        index === 0
          ? json(503, { detail: 'The service is briefly unavailable.' })
          : json(403, { detail: 'no' }),
    });
    const { user } = renderApp(<ZipPage />, { url: '/zip' });
    expect(
      await screen.findByText('Your ZIP codes could not be loaded', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByText('Your ZIP codes are managed by your office')).toBeInTheDocument(),
    );
  });
});
