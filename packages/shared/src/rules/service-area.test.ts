import { describe, expect, it } from 'vitest';
import { ServiceAreaPatchSchema } from '../schemas/service-area';
import {
  coveredZips,
  listForMessage,
  normaliseServiceArea,
  type ServiceAreaInput,
  type ServiceAreaLookup,
  serviceAreaSummary,
  type ZipPlace,
} from './service-area';

/** A small stand-in for the dataset: two Arizona counties and one in Nevada. */
const PLACES: ZipPlace[] = [
  { zip: '85004', city: 'Phoenix', county: 'Maricopa', state: 'AZ' },
  { zip: '85006', city: 'Phoenix', county: 'Maricopa', state: 'AZ' },
  { zip: '85201', city: 'Mesa', county: 'Maricopa', state: 'AZ' },
  { zip: '85701', city: 'Tucson', county: 'Pima', state: 'AZ' },
  { zip: '89101', city: 'Las Vegas', county: 'Clark', state: 'NV' },
];
const NAMES: Record<string, string> = { AZ: 'Arizona', NV: 'Nevada', CA: 'California' };

const lookup: ServiceAreaLookup = {
  zip: (zip) => PLACES.find((place) => place.zip === zip),
  stateName: (code) => NAMES[code],
  county: (state, name) =>
    PLACES.find((p) => p.state === state && p.county.toLowerCase() === name.trim().toLowerCase())?.county,
  city: (state, name) =>
    PLACES.find((p) => p.state === state && p.city.toLowerCase() === name.trim().toLowerCase())?.city,
};

const empty: ServiceAreaInput = {
  service_area_name: '',
  states: [],
  counties: [],
  zipcodes: [],
  excluded_cities: null,
  excluded_zips: [],
};

const normalise = (input: Partial<ServiceAreaInput>) => normaliseServiceArea({ ...empty, ...input }, lookup);

function value(input: Partial<ServiceAreaInput>) {
  const result = normalise(input);
  if (!result.ok) throw new Error(`expected a valid area, got: ${result.problem}`);
  return result.value;
}

function problem(input: Partial<ServiceAreaInput>) {
  const result = normalise(input);
  if (result.ok) throw new Error('expected the area to be refused');
  return result.problem;
}

describe('normaliseServiceArea', () => {
  it('de-duplicates and sorts the ZIP codes and fills states, codes and counties from the data', () => {
    const area = value({
      service_area_name: '  East Valley ',
      states: [{ short: 'az' }],
      zipcodes: ['85201', '85004', '85201', '89101'],
    });
    expect(area.zipcodes).toEqual(['85004', '85201', '89101']);
    expect(area.states).toEqual([
      { short: 'AZ', long: 'Arizona' },
      { short: 'NV', long: 'Nevada' },
    ]);
    expect(area.states_serviced).toEqual(['AZ', 'NV']);
    expect(area.counties).toEqual([
      { county_name: 'Maricopa', state: 'AZ' },
      { county_name: 'Clark', state: 'NV' },
    ]);
    expect(area.service_area_name).toBe('East Valley');
  });

  it('never covers an excluded ZIP code', () => {
    const area = value({ zipcodes: ['85004', '85006'], excluded_zips: ['85006', '85006'] });
    expect(area.zipcodes).toEqual(['85004']);
    expect(area.excluded_zips).toEqual(['85006']);
  });

  it('never covers a ZIP code of an excluded city, whatever the case it was typed in', () => {
    const area = value({
      zipcodes: ['85004', '85006', '85201', '85701'],
      excluded_cities: [{ city_name: 'phoenix' }],
    });
    expect(area.zipcodes).toEqual(['85201', '85701']);
    expect(area.excluded_cities).toEqual([{ city_name: 'Phoenix' }]);
    // The county of the excluded ZIP codes stays, because Mesa is still covered in it.
    expect(area.counties.map((c) => c.county_name)).toEqual(['Maricopa', 'Pima']);
  });

  it('keeps a chosen county even when none of its ZIP codes is covered', () => {
    const area = value({ counties: [{ county_name: 'pima', state: 'AZ' }] });
    expect(area.counties).toEqual([{ county_name: 'Pima', state: 'AZ' }]);
    expect(area.states).toEqual([{ short: 'AZ', long: 'Arizona' }]);
    expect(area.zipcodes).toEqual([]);
  });

  it('keeps excluded_cities null when none were given', () => {
    expect(value({ zipcodes: ['85004'] }).excluded_cities).toBeNull();
    expect(value({ zipcodes: ['85004'], excluded_cities: [] }).excluded_cities).toEqual([]);
  });

  it('names an unknown state code', () => {
    expect(problem({ states: [{ short: 'ZZ' }] })).toBe('"ZZ" is not a US state code we know.');
    expect(problem({ counties: [{ county_name: 'Clark', state: 'QQ' }] })).toBe(
      '"QQ" is not a US state code we know.',
    );
  });

  it('names a county that is not in its state', () => {
    expect(problem({ counties: [{ county_name: 'Clark', state: 'AZ' }] })).toBe(
      '"Clark" is not a county of Arizona (AZ).',
    );
  });

  it('names unknown ZIP codes, chosen or excluded', () => {
    expect(problem({ zipcodes: ['85004', '00000'] })).toBe(
      'This ZIP code is not in our list of US ZIP codes: 00000.',
    );
    expect(problem({ excluded_zips: ['99999', '00001'] })).toBe(
      'These excluded ZIP codes are not in our list of US ZIP codes: 99999, 00001.',
    );
  });

  it('refuses to exclude a city that is not in a chosen state', () => {
    expect(problem({ zipcodes: ['85004'], excluded_cities: [{ city_name: 'Las Vegas' }] })).toBe(
      '"Las Vegas" is not a city in your chosen state (AZ).',
    );
    expect(problem({ excluded_cities: [{ city_name: 'Mesa' }] })).toBe(
      'Choose a state before excluding "Mesa".',
    );
  });
});

describe('coveredZips', () => {
  it('keeps ZIP codes the picker cannot place unless they are excluded by number', () => {
    const place = (zip: string) => (zip === '85004' ? { city: 'Phoenix' } : undefined);
    expect(coveredZips(['85004', '10001', '10002'], { zips: ['10002'], cities: ['PHOENIX'] }, place)).toEqual(
      ['10001'],
    );
  });
});

describe('listForMessage', () => {
  it('names five values and counts the rest', () => {
    expect(listForMessage(['1', '2', '3', '4', '5', '6', '7'])).toBe('1, 2, 3, 4, 5 and 2 more');
  });
});

describe('ServiceAreaPatchSchema', () => {
  it('names a malformed ZIP code in its message', () => {
    const result = ServiceAreaPatchSchema.safeParse({ zipcodes: ['85004', '8500'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('ZIP code "8500" is not a 5-digit ZIP code');
    expect(result.error?.issues[0]?.path).toEqual(['zipcodes', 1]);
  });

  it('upper-cases state codes and refuses oversized lists', () => {
    expect(ServiceAreaPatchSchema.parse({ states: [{ short: 'az' }] }).states).toEqual([{ short: 'AZ' }]);
    const tooMany = Array.from({ length: 10_001 }, () => '85004');
    expect(ServiceAreaPatchSchema.safeParse({ zipcodes: tooMany }).error?.issues[0]?.message).toMatch(
      /at most 10,000 ZIP codes/,
    );
  });
});

describe('serviceAreaSummary (the service agreement prints it)', () => {
  // The dataset's facts, as the server and the picker pass them: each state's counties and ZIPs.
  const county = (name: string, ...zips: string[]) => ({ name, zips: zips.map((zip) => ({ zip })) });
  const ARIZONA = {
    code: 'AZ',
    name: 'Arizona',
    counties: [
      county('Maricopa', '85003', '85004', '85006', '85007', '85008', '85009'),
      county('Pinal', '85118', '85119', '85120'),
    ],
  };
  const NEVADA = { code: 'NV', name: 'Nevada', counties: [county('Clark', '89101', '89102')] };

  it('names only what is whole, and lists the ZIP codes of a county served in part', () => {
    // Part of Maricopa and all of Pinal: the saved area's states and counties list Arizona and
    // both counties, yet neither Arizona nor Maricopa is served whole.
    expect(
      serviceAreaSummary(
        { zipcodes: ['85118', '85119', '85120', '85003', '85004', '85006'], excluded_zips: ['85007'] },
        [ARIZONA],
      ),
    ).toBe(
      'All of Pinal County, AZ; in Maricopa County, AZ: ZIP codes 85003, 85004 and 85006; excluding 85007',
    );
  });

  it('names a whole state, and a county served all but a few ZIP codes by what it leaves out', () => {
    expect(
      serviceAreaSummary(
        {
          zipcodes: ['89101', '89102', '85003', '85004', '85006', '85008', '85009'],
          excluded_zips: ['85007'],
          excluded_cities: [{ city_name: 'mesa' }],
        },
        [NEVADA, ARIZONA],
      ),
    ).toBe('All of Nevada; Maricopa County, AZ, except ZIP code 85007; excluding Mesa');
    expect(serviceAreaSummary({ zipcodes: ['85118'] }, [ARIZONA])).toBe(
      'in Pinal County, AZ: ZIP code 85118',
    );
    expect(serviceAreaSummary({ zipcodes: ['85118', '85119', '85120'] }, [ARIZONA])).toBe(
      'All of Pinal County, AZ',
    );
    expect(
      serviceAreaSummary(
        { zipcodes: ['85003', '85004', '85006', '85007', '85008', '85009', '85118', '85119', '85120'] },
        [ARIZONA],
      ),
    ).toBe('All of Arizona');
  });

  it('lists ZIP codes the place data does not know, and is empty for no ZIP code', () => {
    expect(serviceAreaSummary({ zipcodes: ['99999'] }, [ARIZONA])).toBe('ZIP code 99999');
    expect(serviceAreaSummary({ zipcodes: [] }, [ARIZONA])).toBe('');
  });
});
