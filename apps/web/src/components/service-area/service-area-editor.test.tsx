import type { AgentRecord, GeoStateDetail } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceAreaPage } from '@/features/onboarding/pages/service-area-page';
import { buildAgent, buildMe } from '@/test/factories';
import { type Handler, json, type MockRequest, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { countiesAtlasUrl } from './service-area-map';

const PAGE = '/onboarding/leadRouting/service_area';

const ARIZONA: GeoStateDetail = {
  code: 'AZ',
  name: 'Arizona',
  fips: '04',
  zip_count: 4,
  county_count: 2,
  counties: [
    {
      fips: '04013',
      name: 'Maricopa',
      zips: [
        { zip: '85004', city: 'Phoenix', lat: 33.45, lon: -112.07 },
        { zip: '85006', city: 'Phoenix', lat: 33.46, lon: -112.05 },
        { zip: '85201', city: 'Mesa', lat: 33.43, lon: -111.85 },
      ],
    },
    { fips: '04019', name: 'Pima', zips: [{ zip: '85701', city: 'Tucson', lat: 32.22, lon: -110.97 }] },
  ],
};
const NEVADA: GeoStateDetail = {
  code: 'NV',
  name: 'Nevada',
  fips: '32',
  zip_count: 1,
  county_count: 1,
  counties: [
    { fips: '32003', name: 'Clark', zips: [{ zip: '89101', city: 'Las Vegas', lat: 36.17, lon: -115.13 }] },
  ],
};
const DETAILS: Record<string, GeoStateDetail> = { AZ: ARIZONA, NV: NEVADA };

/** Two square "counties" in the shape of us-atlas: enough for the map to draw Arizona. */
const ATLAS = {
  type: 'Topology',
  arcs: [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
    [
      [20, 0],
      [30, 0],
      [30, 10],
      [20, 10],
      [20, 0],
    ],
  ],
  objects: {
    counties: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', id: '04013', properties: { name: 'Maricopa' }, arcs: [[0]] },
        { type: 'Polygon', id: '04019', properties: { name: 'Pima' }, arcs: [[1]] },
      ],
    },
  },
};

const body = (request: MockRequest) => JSON.parse(request.body ?? '{}');

/** The server's answer to a save: the area as sent (the real normalisation is tested server-side). */
const saved = (agent: AgentRecord, request: MockRequest) => {
  const area = body(request);
  return json(200, {
    ...agent,
    ...area,
    excluded_cities: area.excluded_cities,
    states: area.states.map((s: { short: string }) => ({ short: s.short, long: DETAILS[s.short]!.name })),
    onboarding_steps: { ...agent.onboarding_steps, ...area.onboarding_steps },
  });
};

function geoServer(options: { agent?: Partial<AgentRecord>; extra?: Record<string, Handler> } = {}) {
  const agent = buildAgent(options.agent);
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent })),
    'GET /api/geo/states': () =>
      json(
        200,
        [ARIZONA, NEVADA].map(({ counties: _counties, ...summary }) => summary),
      ),
    'GET /api/geo/states/:code': (request) => {
      const state = DETAILS[request.path.split('/').pop()!];
      return state ? json(200, state) : json(404, { detail: 'There is no US state with that code.' });
    },
    'POST /api/geo/zips/lookup': (request) => {
      const zips: string[] = body(request).zips;
      const found = zips.flatMap((zip) =>
        Object.values(DETAILS).flatMap((state) =>
          state.counties.flatMap((county) =>
            county.zips
              .filter((z) => z.zip === zip)
              .map((z) => ({ ...z, county: county.name, county_fips: county.fips, state: state.code })),
          ),
        ),
      );
      return json(200, { zips: found, unknown: zips.filter((zip) => !found.some((f) => f.zip === zip)) });
    },
    [`GET ${new URL(countiesAtlasUrl, window.location.href).pathname}`]: () => json(200, ATLAS),
    'PATCH /api/portal/me/agent_profile': (request) => saved(agent, request),
    ...options.extra,
  });
}

async function openPage() {
  const rendered = renderApp(<ServiceAreaPage />, { url: PAGE });
  await screen.findByRole('heading', { name: 'Service area', level: 1 });
  return rendered;
}

async function chooseArizona(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(await screen.findByLabelText('State'), 'AZ');
  return screen.findByRole('checkbox', { name: 'Maricopa County' }, { timeout: 5000 });
}

const summaryLine = () => screen.getByText(/ZIP codes? covered in/);

// Whole journeys through the page: slower than one component on a busy machine.
describe('service area picker', { timeout: 20_000 }, () => {
  it('choosing a county adds its ZIP codes, and the save sends them', async () => {
    const { callsTo } = geoServer();
    const { user } = await openPage();

    await user.click(await chooseArizona(user));

    expect(summaryLine()).toHaveTextContent('3 ZIP codes covered in 1 county of 1 state.');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Maricopa' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Maricopa Arizona 3' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Total 3' })).toBeInTheDocument();
    // The map fills the county.
    await waitFor(() => expect(document.querySelector('path[data-coverage="all"]')).toBeInTheDocument());
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save service area' }));
    expect(await screen.findByText('Service area saved')).toBeInTheDocument();
    expect(body(callsTo('PATCH /api/portal/me/agent_profile')[0]!)).toEqual({
      service_area_name: '',
      states: [{ short: 'AZ' }],
      counties: [{ county_name: 'Maricopa', state: 'AZ' }],
      zipcodes: ['85004', '85006', '85201'],
      excluded_cities: [],
      excluded_zips: [],
    });
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });

  it('zooms the map in, out and back to the whole state, naming the ZIP codes when close', async () => {
    geoServer();
    const { user } = await openPage();
    await user.click(await chooseArizona(user));
    await waitFor(() => expect(document.querySelector('path[data-coverage="all"]')).toBeInTheDocument());
    const map = screen.getByTestId('service-area-map').querySelector('svg')!;
    const width = () => Number(map.getAttribute('viewBox')!.split(' ')[2]);
    const whole = width();
    const labels = () => [...document.querySelectorAll('[data-zip-label]')].map((label) => label.textContent);
    expect(labels()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(width()).toBeCloseTo(whole / 4);
    expect(labels()).toEqual(expect.arrayContaining(['85004', '85006', '85201']));

    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(width()).toBeCloseTo(whole / 2);
    await user.click(screen.getByRole('button', { name: 'Show the whole state' }));
    expect(width()).toBeCloseTo(whole);
    expect(labels()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it('excluding a ZIP code removes it from the covered set', async () => {
    const { callsTo } = geoServer();
    const { user } = await openPage();
    await user.click(await chooseArizona(user));

    await user.type(screen.getByLabelText('ZIP code to leave out'), '85006');
    await user.click(screen.getByRole('button', { name: 'Leave out ZIP code' }));

    expect(await screen.findByText('85006 is left out of your area.')).toBeInTheDocument();
    expect(summaryLine()).toHaveTextContent('2 ZIP codes covered in 1 county of 1 state');
    expect(
      within(screen.getByRole('list', { name: 'ZIP codes left out' })).getByText('85006'),
    ).toBeInTheDocument();
    // The county is still fully covered: every ZIP code not left out is ticked.
    expect(screen.getByRole('checkbox', { name: 'Maricopa County' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Show ZIP codes of Maricopa County' }));
    expect(screen.getByRole('checkbox', { name: '85006 Phoenix (left out)' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save service area' }));
    await screen.findByText('Service area saved');
    const sent = body(callsTo('PATCH /api/portal/me/agent_profile')[0]!);
    expect(sent.zipcodes).toEqual(['85004', '85201']);
    expect(sent.excluded_zips).toEqual(['85006']);
  });

  it('leaves out every ZIP code of an excluded city, and unticks single ZIP codes', async () => {
    geoServer();
    const { user } = await openPage();
    await user.click(await chooseArizona(user));

    await user.type(screen.getByLabelText('City to leave out'), 'phoenix');
    await user.click(screen.getByRole('button', { name: 'Leave out city' }));
    expect(await screen.findByText('Phoenix is left out.')).toBeInTheDocument();
    expect(summaryLine()).toHaveTextContent('1 ZIP code covered');

    await user.click(screen.getByRole('button', { name: 'Stop leaving out Phoenix' }));
    expect(summaryLine()).toHaveTextContent('3 ZIP codes covered');

    await user.click(screen.getByRole('button', { name: 'Show ZIP codes of Maricopa County' }));
    await user.click(screen.getByRole('checkbox', { name: '85201 Mesa' }));
    expect(summaryLine()).toHaveTextContent('2 ZIP codes covered');
    const county = screen.getByRole('checkbox', { name: 'Maricopa County' });
    expect(county).not.toBeChecked();
    expect(county).toHaveAttribute('aria-checked', 'mixed');
  });

  it('keeps the ticks when moving to another state, and adds a typed ZIP code of any state', async () => {
    const { callsTo } = geoServer();
    const { user } = await openPage();
    await user.click(await chooseArizona(user));

    await user.selectOptions(screen.getByLabelText('State'), 'NV');
    await user.click(await screen.findByRole('checkbox', { name: 'Clark County' }));
    expect(summaryLine()).toHaveTextContent('4 ZIP codes covered in 2 counties of 2 states');

    await user.click(screen.getByRole('button', { name: 'Arizona: 3 ZIP codes' }));
    expect(await screen.findByRole('checkbox', { name: 'Maricopa County' })).toBeChecked();

    await user.type(screen.getByLabelText('Add a ZIP code'), '85701');
    await user.click(screen.getByRole('button', { name: 'Add ZIP code' }));
    expect(await screen.findByText('Added 85701 (Tucson, Pima County, AZ).')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pima County' })).toBeChecked();

    await user.type(screen.getByLabelText('Add a ZIP code'), '00000');
    await user.click(screen.getByRole('button', { name: 'Add ZIP code' }));
    expect(await screen.findByText('00000 is not in our list of US ZIP codes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Add a ZIP code')).toHaveValue('00000');
    expect(callsTo('POST /api/geo/zips/lookup')).toHaveLength(1);
  });

  it('says why a save failed and keeps every choice; saving again works', async () => {
    const { callsTo } = geoServer({
      extra: {
        'PATCH /api/portal/me/agent_profile': (request, index) =>
          index === 0
            ? json(400, { detail: 'This ZIP code is not in our list of US ZIP codes: 85201.' })
            : saved(buildAgent(), request),
      },
    });
    const { user } = await openPage();
    await user.click(await chooseArizona(user));
    await user.type(screen.getByLabelText('Service area name'), 'East Valley');

    await user.click(screen.getByRole('button', { name: 'Save service area' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your service area was not saved');
    expect(alert).toHaveTextContent('This ZIP code is not in our list of US ZIP codes: 85201.');
    expect(screen.getByLabelText('Service area name')).toHaveValue('East Valley');
    expect(summaryLine()).toHaveTextContent('3 ZIP codes covered');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save service area' }));
    await screen.findByText('Service area saved');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo('PATCH /api/portal/me/agent_profile')).toHaveLength(2);
  });

  it('Save and continue needs a ZIP code, then saves, marks the step and moves on', async () => {
    const { callsTo } = geoServer();
    const { user, location } = await openPage();
    const next = 'Save and continue to Licence details';

    await user.click(screen.getByRole('button', { name: next }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tick at least one ZIP code before you continue',
    );
    expect(callsTo('PATCH /api/portal/me/agent_profile')).toHaveLength(0);

    await user.click(await chooseArizona(user));
    await user.click(screen.getByRole('button', { name: next }));
    await waitFor(() => expect(location()).toBe('/onboarding/Licences/licenses_details'));
    const sent = body(callsTo('PATCH /api/portal/me/agent_profile')[0]!);
    expect(sent.onboarding_steps).toEqual({ service_area: true });
    expect(sent.zipcodes).toEqual(['85004', '85006', '85201']);
  });

  it('asks before leaving with unsaved changes', async () => {
    geoServer();
    const { user, location } = await openPage();
    await user.click(await chooseArizona(user));

    await user.click(screen.getByRole('link', { name: /Back to Lead routing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(location()).toBe(PAGE);
    expect(summaryLine()).toHaveTextContent('3 ZIP codes covered');

    await user.click(screen.getByRole('link', { name: /Back to Lead routing/ }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location()).toBe('/onboarding/leadRouting/lead_routing'));
  });

  it('starts from the saved area, with the states of its ZIP codes', async () => {
    const { callsTo } = geoServer({
      agent: {
        service_area_name: 'Valley',
        zipcodes: ['85004', '89101'],
        excluded_zips: ['85006'],
        // Saved before states were kept: the picker finds them from the ZIP codes.
        states: [],
      },
    });
    const { user } = await openPage();
    await waitFor(() =>
      expect(summaryLine()).toHaveTextContent('2 ZIP codes covered in 2 counties of 2 states.'),
    );
    expect(screen.getByLabelText('Service area name')).toHaveValue('Valley');
    // The first state of the saved area is shown: Maricopa is partly covered.
    expect(screen.getByRole('checkbox', { name: 'Maricopa County' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    expect(callsTo('POST /api/geo/zips/lookup')).toHaveLength(1);
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop leaving out 85006' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('is replaced by a note when the office manages the ZIP codes', async () => {
    const { callsTo } = geoServer({ agent: { can_see_portal_zips: false } });
    await openPage();
    expect(screen.getByText('Your office manages your service area')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mark done and continue/ })).toBeInTheDocument();
    expect(callsTo('GET /api/geo/states')).toHaveLength(0);
  });
});
