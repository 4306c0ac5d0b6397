import type { ServiceArea } from '../schemas/service-area';

/**
 * The service-area rule (SPEC.md section 3, DESIGN.md section 5): what an agent asks for is checked
 * against the place data and put into one canonical shape, so lead routing can trust `zipcodes`
 * alone. The server applies it on every save; the picker uses `coveredZips` for its preview.
 */

/** Where a ZIP code is. `state` is the two-letter code. */
export interface ZipPlace {
  zip: string;
  city: string;
  county: string;
  state: string;
}

/** The place data the rule needs; the server implements it over the GeoNames dataset. */
export interface ServiceAreaLookup {
  zip(zip: string): ZipPlace | undefined;
  /** The state's name, or undefined for a code that is not one of the 50 states and DC. */
  stateName(code: string): string | undefined;
  /** The county's name as the dataset spells it, matched without regard to case. */
  county(state: string, name: string): string | undefined;
  /** The city's name as the dataset spells it, matched without regard to case. */
  city(state: string, name: string): string | undefined;
}

export interface ServiceAreaInput {
  service_area_name: string;
  states: { short: string; long?: string }[];
  counties: { county_name: string; state: string }[];
  zipcodes: string[];
  excluded_cities: { city_name: string }[] | null;
  excluded_zips: string[];
}

export type ServiceAreaResult = { ok: true; value: ServiceArea } | { ok: false; problem: string };

const cityKey = (name: string) => name.trim().toLowerCase();

const byText = (a: string, b: string) => a.localeCompare(b, 'en-US');

/** Up to five values named in a message, then "and N more". */
export function listForMessage(values: string[], max = 5): string {
  const shown = values.slice(0, max).join(', ');
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

const titleWords = (value: string) => value.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
const joinAnd = (parts: string[]) =>
  parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** What the dataset says of a state the area touches: its counties and their ZIP codes. */
export interface ServiceAreaPlaces {
  code: string;
  name: string;
  counties: { name: string; zips: { zip: string }[] }[];
}

const zipList = (zips: string[]) =>
  `ZIP code${zips.length === 1 ? '' : 's'} ${joinAnd([...zips].sort(byText))}`;

/**
 * How the saved service area reads in the service agreement: exactly what the agent serves. A
 * state is named only when every ZIP code of it is covered, a county likewise; otherwise the
 * county's covered ZIP codes are listed ("in Maricopa County, AZ: ZIP codes 85003 and 85004"),
 * or, when most of it is covered, the ones it leaves out ("Maricopa County, AZ, except ZIP code
 * 85007"). Excluded ZIP codes and cities not already said follow. `places` are the states the
 * ZIP codes are in, from the dataset; a ZIP code no state of them has is listed on its own.
 * Empty when nothing is covered.
 */
export function serviceAreaSummary(
  area: { zipcodes: string[]; excluded_zips?: string[]; excluded_cities?: { city_name: string }[] | null },
  places: ServiceAreaPlaces[],
): string {
  const covered = new Set(area.zipcodes);
  const whole: string[] = [];
  const partial: string[] = [];
  const said = new Set<string>();
  const placed = new Set<string>();
  for (const state of [...places].sort((a, b) => byText(a.name, b.name))) {
    const counties = state.counties.map((county) => ({
      name: `${titleWords(county.name.trim())} County, ${state.code}`,
      zips: county.zips.map((entry) => entry.zip),
    }));
    const stateZips = counties.flatMap((county) => county.zips);
    for (const zip of stateZips) if (covered.has(zip)) placed.add(zip);
    if (stateZips.length > 0 && stateZips.every((zip) => covered.has(zip))) {
      whole.push(`All of ${state.name}`);
      continue;
    }
    for (const county of [...counties].sort((a, b) => byText(a.name, b.name))) {
      const inside = county.zips.filter((zip) => covered.has(zip));
      if (inside.length === 0) continue;
      if (inside.length === county.zips.length) {
        whole.push(`All of ${county.name}`);
        continue;
      }
      const left = county.zips.filter((zip) => !covered.has(zip));
      if (inside.length > left.length && left.length <= 10) {
        partial.push(`${county.name}, except ${zipList(left)}`);
        for (const zip of left) said.add(zip);
      } else partial.push(`in ${county.name}: ${zipList(inside)}`);
    }
  }
  const unplaced = [...covered].filter((zip) => !placed.has(zip));
  if (unplaced.length > 0) partial.push(zipList(unplaced));
  if (whole.length + partial.length === 0) return '';

  const excluded = [
    ...(area.excluded_zips ?? []).filter((zip) => !said.has(zip)).sort(byText),
    ...(area.excluded_cities ?? []).map((city) => titleWords(city.city_name.trim())),
  ];
  const parts = [...whole, ...partial];
  if (excluded.length > 0) parts.push(`excluding ${joinAnd(excluded)}`);
  return parts.join('; ');
}

/**
 * The ZIP codes that stay covered: the chosen ones less the excluded ZIP codes and the ZIP codes
 * of excluded cities. `place` may not know every ZIP (the picker only knows the states it has
 * loaded); a ZIP it does not know is kept unless it is excluded by number.
 */
export function coveredZips(
  zipcodes: Iterable<string>,
  excluded: { zips: Iterable<string>; cities: Iterable<string> },
  place: (zip: string) => Pick<ZipPlace, 'city'> | undefined,
): string[] {
  const excludedZips = new Set(excluded.zips);
  const excludedCities = new Set([...excluded.cities].map(cityKey));
  const covered = new Set<string>();
  for (const zip of zipcodes) {
    if (excludedZips.has(zip)) continue;
    const city = place(zip)?.city;
    if (city !== undefined && excludedCities.has(cityKey(city))) continue;
    covered.add(zip);
  }
  return [...covered].sort();
}

/**
 * Checks a requested service area against the place data and normalises it:
 * - unknown state codes, counties not in their state, unknown ZIP codes and excluded cities that
 *   are not in any chosen state are refused, naming the value;
 * - `states` also gets the states of the chosen counties and ZIP codes, with their names from the
 *   dataset, and `states_serviced` is their codes;
 * - `counties` also gets the county of each covered ZIP code;
 * - ZIP codes are de-duplicated and sorted, and the covered ones never include an excluded ZIP
 *   code or a ZIP code of an excluded city.
 */
export function normaliseServiceArea(input: ServiceAreaInput, lookup: ServiceAreaLookup): ServiceAreaResult {
  const fail = (problem: string): ServiceAreaResult => ({ ok: false, problem });

  const stateCodes = new Set<string>();
  for (const { short } of input.states) {
    const code = short.trim().toUpperCase();
    if (!lookup.stateName(code)) return fail(`"${short}" is not a US state code we know.`);
    stateCodes.add(code);
  }

  const counties = new Map<string, { county_name: string; state: string }>();
  const addCounty = (state: string, name: string) =>
    counties.set(`${state}|${name}`, { county_name: name, state });
  for (const { county_name, state } of input.counties) {
    const code = state.trim().toUpperCase();
    if (!lookup.stateName(code)) return fail(`"${state}" is not a US state code we know.`);
    const name = lookup.county(code, county_name);
    if (!name) return fail(`"${county_name}" is not a county of ${lookup.stateName(code)} (${code}).`);
    addCounty(code, name);
    stateCodes.add(code);
  }

  const unknownZips = (zips: string[]) => zips.filter((zip) => !lookup.zip(zip));
  const unknownChosen = unknownZips(input.zipcodes);
  if (unknownChosen.length > 0) {
    return fail(
      `${unknownChosen.length === 1 ? 'This ZIP code is' : 'These ZIP codes are'} not in our list of US ZIP codes: ${listForMessage(unknownChosen)}.`,
    );
  }
  const unknownExcluded = unknownZips(input.excluded_zips);
  if (unknownExcluded.length > 0) {
    return fail(
      `${unknownExcluded.length === 1 ? 'This excluded ZIP code is' : 'These excluded ZIP codes are'} not in our list of US ZIP codes: ${listForMessage(unknownExcluded)}.`,
    );
  }
  for (const zip of input.zipcodes) stateCodes.add(lookup.zip(zip)!.state);

  const excludedCities = new Map<string, string>();
  if (input.excluded_cities) {
    for (const { city_name } of input.excluded_cities) {
      let found: string | undefined;
      for (const code of stateCodes) {
        found = lookup.city(code, city_name);
        if (found) break;
      }
      if (!found) {
        const where = [...stateCodes].sort(byText);
        return fail(
          where.length === 0
            ? `Choose a state before excluding "${city_name}".`
            : `"${city_name}" is not a city in your chosen ${where.length === 1 ? 'state' : 'states'} (${where.join(', ')}).`,
        );
      }
      excludedCities.set(cityKey(found), found);
    }
  }

  const zipcodes = coveredZips(
    input.zipcodes,
    { zips: input.excluded_zips, cities: excludedCities.keys() },
    (zip) => lookup.zip(zip),
  );
  for (const zip of zipcodes) {
    const place = lookup.zip(zip)!;
    addCounty(place.state, place.county);
  }

  const states = [...stateCodes].sort(byText).map((code) => ({ short: code, long: lookup.stateName(code)! }));
  return {
    ok: true,
    value: {
      service_area_name: input.service_area_name.trim(),
      states,
      states_serviced: states.map((state) => state.short),
      counties: [...counties.values()].sort(
        (a, b) => byText(a.state, b.state) || byText(a.county_name, b.county_name),
      ),
      zipcodes,
      excluded_cities:
        input.excluded_cities === null
          ? null
          : [...excludedCities.values()].sort(byText).map((city_name) => ({ city_name })),
      excluded_zips: [...new Set(input.excluded_zips)].sort(),
    },
  };
}
