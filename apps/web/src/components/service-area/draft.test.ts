import type { GeoStateDetail } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildPlaceIndex, countyCoverage, type Draft, draftReducer, toPayload } from './draft';

const ARIZONA: GeoStateDetail = {
  code: 'AZ',
  name: 'Arizona',
  fips: '04',
  zip_count: 3,
  county_count: 2,
  counties: [
    {
      fips: '04013',
      name: 'Maricopa',
      zips: [
        { zip: '85004', city: 'Phoenix', lat: 0, lon: 0 },
        { zip: '85201', city: 'Mesa', lat: 0, lon: 0 },
      ],
    },
    { fips: '04019', name: 'Pima', zips: [{ zip: '85701', city: 'Tucson', lat: 0, lon: 0 }] },
  ],
};
const places = buildPlaceIndex([ARIZONA]);
const empty: Draft = { name: '', selected: new Set(), excludedZips: new Set(), excludedCities: [] };
const maricopa = ARIZONA.counties[0]!;

describe('the service-area draft', () => {
  it('ticks a whole county and counts it covered once every ZIP code not left out is ticked', () => {
    let draft = draftReducer(empty, { type: 'select', zips: ['85004', '85201'] });
    expect(countyCoverage(maricopa, draft)).toEqual({ covered: 2, eligible: 2, state: 'all' });
    draft = draftReducer(draft, { type: 'unselect', zips: ['85201'] });
    expect(countyCoverage(maricopa, draft).state).toBe('some');
    draft = draftReducer(draft, { type: 'excludeCity', city: 'MESA' });
    expect(countyCoverage(maricopa, draft)).toEqual({ covered: 1, eligible: 1, state: 'all' });
  });

  it('sends the covered ZIP codes, and drops a left-out city none of whose states is in the area', () => {
    let draft = draftReducer(empty, { type: 'select', zips: ['85004', '85201', '10001'] });
    draft = draftReducer(draft, { type: 'excludeZip', zip: '85201' });
    draft = draftReducer(draft, { type: 'excludeCity', city: 'Tucson' });
    draft = draftReducer(draft, { type: 'excludeCity', city: 'Boston' });
    expect(toPayload(draft, places)).toEqual({
      service_area_name: '',
      states: [{ short: 'AZ' }],
      counties: [{ county_name: 'Maricopa', state: 'AZ' }],
      // 10001 is not loaded here: it is kept and the server places it.
      zipcodes: ['10001', '85004'],
      excluded_cities: [{ city_name: 'Tucson' }],
      excluded_zips: ['85201'],
    });
  });
});
