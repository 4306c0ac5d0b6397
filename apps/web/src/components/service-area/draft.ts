import {
  type AgentRecord,
  coveredZips,
  type GeoCounty,
  type GeoStateDetail,
  type ServiceAreaPatch,
} from '@portal/shared';

/**
 * The service area being edited, kept apart from the saved record until the agent saves: ticking
 * counties and ZIP codes, exclusions and the name all change this draft, in every state at once,
 * so moving from one state to another loses nothing.
 */

/** Where a ZIP code is, from the states loaded so far. */
export interface ZipInfo {
  zip: string;
  city: string;
  state: string;
  countyFips: string;
  countyName: string;
  lat: number;
  lon: number;
}
export type PlaceIndex = ReadonlyMap<string, ZipInfo>;

export function buildPlaceIndex(states: GeoStateDetail[]): PlaceIndex {
  const index = new Map<string, ZipInfo>();
  for (const state of states) {
    for (const county of state.counties) {
      for (const { zip, city, lat, lon } of county.zips) {
        index.set(zip, {
          zip,
          city,
          state: state.code,
          countyFips: county.fips,
          countyName: county.name,
          lat,
          lon,
        });
      }
    }
  }
  return index;
}

export interface Draft {
  name: string;
  /** The ZIP codes ticked; the exclusions below still leave some of them out. */
  selected: ReadonlySet<string>;
  excludedZips: ReadonlySet<string>;
  /** City names, as the data spells them; they apply in every state of the area. */
  excludedCities: readonly string[];
}

export type DraftAction =
  | { type: 'rename'; name: string }
  | { type: 'select'; zips: string[] }
  | { type: 'unselect'; zips: string[] }
  | { type: 'excludeZip'; zip: string }
  | { type: 'includeZip'; zip: string }
  | { type: 'excludeCity'; city: string }
  | { type: 'includeCity'; city: string }
  | { type: 'reset'; draft: Draft };

const cityKey = (city: string) => city.trim().toLowerCase();

export function draftFromRecord(
  record: Pick<AgentRecord, 'service_area_name' | 'zipcodes' | 'excluded_zips' | 'excluded_cities'>,
): Draft {
  return {
    name: record.service_area_name,
    selected: new Set(record.zipcodes),
    excludedZips: new Set(record.excluded_zips),
    excludedCities: (record.excluded_cities ?? []).map((city) => city.city_name),
  };
}

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'rename':
      return { ...draft, name: action.name };
    case 'select': {
      const selected = new Set(draft.selected);
      for (const zip of action.zips) selected.add(zip);
      return { ...draft, selected };
    }
    case 'unselect': {
      const selected = new Set(draft.selected);
      for (const zip of action.zips) selected.delete(zip);
      return { ...draft, selected };
    }
    case 'excludeZip':
      return { ...draft, excludedZips: new Set(draft.excludedZips).add(action.zip) };
    case 'includeZip': {
      const excludedZips = new Set(draft.excludedZips);
      excludedZips.delete(action.zip);
      return { ...draft, excludedZips };
    }
    case 'excludeCity':
      return draft.excludedCities.some((city) => cityKey(city) === cityKey(action.city))
        ? draft
        : { ...draft, excludedCities: [...draft.excludedCities, action.city] };
    case 'includeCity':
      return {
        ...draft,
        excludedCities: draft.excludedCities.filter((city) => cityKey(city) !== cityKey(action.city)),
      };
    case 'reset':
      return action.draft;
  }
}

/** Whether a ZIP code is left out, by number or by its city. */
export function isExcluded(draft: Draft, zip: string, city: string | undefined): boolean {
  if (draft.excludedZips.has(zip)) return true;
  return city !== undefined && draft.excludedCities.some((excluded) => cityKey(excluded) === cityKey(city));
}

/** The ZIP codes leads will come from (the shared rule the server applies on save). */
export function coveredOf(draft: Draft, places: PlaceIndex): string[] {
  return coveredZips(draft.selected, { zips: draft.excludedZips, cities: draft.excludedCities }, (zip) =>
    places.get(zip),
  );
}

/** How much of a county is covered: checked when every ZIP code not left out is ticked. */
export function countyCoverage(county: GeoCounty, draft: Draft) {
  let eligible = 0;
  let covered = 0;
  for (const { zip, city } of county.zips) {
    if (isExcluded(draft, zip, city)) continue;
    eligible += 1;
    if (draft.selected.has(zip)) covered += 1;
  }
  return {
    covered,
    eligible,
    state: covered === 0 ? 'none' : covered === eligible ? 'all' : 'some',
  } as const;
}

/** The states the ticked ZIP codes are in (before exclusions): excluded cities must be in one. */
export function statesOfSelection(draft: Draft, places: PlaceIndex): string[] {
  const states = new Set<string>();
  for (const zip of draft.selected) {
    const state = places.get(zip)?.state;
    if (state) states.add(state);
  }
  return [...states].sort();
}

/** The cities of these states, sorted, each name once (for the excluded-city picker). */
export function citiesOf(states: string[], places: PlaceIndex): string[] {
  const wanted = new Set(states);
  const cities = new Map<string, string>();
  for (const place of places.values()) {
    if (wanted.has(place.state) && !cities.has(cityKey(place.city)))
      cities.set(cityKey(place.city), place.city);
  }
  return [...cities.values()].sort((a, b) => a.localeCompare(b));
}

/** What the save sends: the covered ZIP codes with their states and counties, and the exclusions. */
export function toPayload(draft: Draft, places: PlaceIndex): Required<ServiceAreaPatch> {
  const zipcodes = coveredOf(draft, places);
  const states = statesOfSelection(draft, places);
  const citiesInArea = new Set(citiesOf(states, places).map(cityKey));
  const counties = new Map<string, { county_name: string; state: string }>();
  for (const zip of zipcodes) {
    const place = places.get(zip);
    if (place) counties.set(place.countyFips, { county_name: place.countyName, state: place.state });
  }
  return {
    service_area_name: draft.name.trim(),
    states: states.map((short) => ({ short })),
    counties: [...counties.values()].sort(
      (a, b) => a.state.localeCompare(b.state) || a.county_name.localeCompare(b.county_name),
    ),
    zipcodes,
    // A city in none of the area's states has nothing left to exclude.
    excluded_cities: draft.excludedCities
      .filter((city) => citiesInArea.has(cityKey(city)))
      .map((city_name) => ({ city_name })),
    excluded_zips: [...draft.excludedZips].sort(),
  };
}

export interface SummaryRow {
  state: string;
  countyFips: string;
  countyName: string;
  count: number;
}

/** ZIP codes covered per county, by state then county; `unplaced` counts those not loaded yet. */
export function summarise(covered: string[], places: PlaceIndex) {
  const rows = new Map<string, SummaryRow>();
  let unplaced = 0;
  for (const zip of covered) {
    const place = places.get(zip);
    if (!place) {
      unplaced += 1;
      continue;
    }
    const row = rows.get(place.countyFips);
    if (row) row.count += 1;
    else
      rows.set(place.countyFips, {
        state: place.state,
        countyFips: place.countyFips,
        countyName: place.countyName,
        count: 1,
      });
  }
  return {
    rows: [...rows.values()].sort(
      (a, b) => a.state.localeCompare(b.state) || a.countyName.localeCompare(b.countyName),
    ),
    unplaced,
  };
}
