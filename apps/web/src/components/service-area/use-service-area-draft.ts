import type { AgentRecord, GeoStateDetail } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useGeoStateDetails, useZipLookup, zipLookupQueryOptions } from '@/lib/service-area-api';
import type { EntryResult } from './code-entry';
import {
  buildPlaceIndex,
  citiesOf,
  coveredOf,
  draftFromRecord,
  draftReducer,
  isExcluded,
  statesOfSelection,
  summarise,
  toPayload,
} from './draft';

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

/**
 * The editor's state: the draft, the states whose place data is loaded (the ones in the saved
 * area, the one being looked at, the ones of ZIP codes typed in), and what follows from them.
 */
export function useServiceAreaDraft(record: AgentRecord) {
  const queryClient = useQueryClient();
  const [draft, dispatch] = useReducer(draftReducer, record, draftFromRecord);
  const [saved, setSaved] = useState(() => draftFromRecord(record));
  const [chosenView, setViewed] = useState(
    () => record.states[0]?.short ?? record.counties[0]?.state ?? record.mailing_address?.state ?? '',
  );
  /** States looked at or reached by a typed ZIP code. */
  const [extraStates, setExtraStates] = useState<string[]>([]);

  // A record saved before states were kept: find the states of its ZIP codes.
  const legacy = useZipLookup(record.states.length === 0 ? record.zipcodes : []);
  // Until the agent picks a state, the first state of the saved area is shown.
  const viewed = chosenView || (legacy.data?.zips[0]?.state ?? '');
  const loadStates = unique([
    viewed,
    ...record.states.map((state) => state.short),
    ...record.counties.map((county) => county.state),
    ...(legacy.data?.zips ?? []).map((zip) => zip.state),
    ...extraStates,
  ]);
  const details = useGeoStateDetails(loadStates);
  const loaded = details.flatMap((query) => (query.data ? [query.data] : []));
  const loadedKey = loaded.map((state) => state.code).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data of a state never changes once loaded
  const places = useMemo(() => buildPlaceIndex(loaded), [loadedKey]);
  const viewedQuery = viewed ? details[loadStates.indexOf(viewed)] : undefined;

  const covered = useMemo(() => coveredOf(draft, places), [draft, places]);
  const payload = useMemo(() => toPayload(draft, places), [draft, places]);
  const savedPayload = useMemo(() => toPayload(saved, places), [saved, places]);
  const dirty = JSON.stringify(payload) !== JSON.stringify(savedPayload);
  const summary = useMemo(() => summarise(covered, places), [covered, places]);
  const areaStates = useMemo(() => statesOfSelection(draft, places), [draft, places]);
  const cityOptions = useMemo(() => citiesOf(areaStates, places), [areaStates, places]);

  /** Shows a state; its data stays loaded, so its ticks keep counting in the summary. */
  function view(code: string) {
    setViewed(code);
    if (code) setExtraStates((states) => unique([...states, code]));
  }

  /** Adds a typed ZIP code, wherever it is; its state is loaded and shown. */
  async function addZip(zip: string): Promise<EntryResult> {
    if (draft.excludedZips.has(zip)) {
      return { ok: false, error: `${zip} is left out. Take it off the ZIP codes left out first.` };
    }
    let place = places.get(zip);
    if (!place) {
      try {
        const found = await queryClient.fetchQuery(zipLookupQueryOptions([zip]));
        const hit = found.zips[0];
        if (!hit) return { ok: false, error: `${zip} is not in our list of US ZIP codes.` };
        place = {
          zip,
          city: hit.city,
          state: hit.state,
          countyFips: hit.county_fips,
          countyName: hit.county,
          lat: hit.lat,
          lon: hit.lon,
        };
      } catch (error) {
        return { ok: false, error: `${zip} could not be looked up: ${errorMessage(error)}` };
      }
    }
    if (isExcluded(draft, zip, place.city)) {
      return {
        ok: false,
        error: `${zip} is in ${place.city}, which is left out. Take ${place.city} off the cities left out first.`,
      };
    }
    const where = `${place.city}, ${place.countyName} County, ${place.state}`;
    if (draft.selected.has(zip)) return { ok: true, message: `${zip} (${where}) is already in your area.` };
    view(place.state);
    dispatch({ type: 'select', zips: [zip] });
    return { ok: true, message: `Added ${zip} (${where}).` };
  }

  async function excludeZip(zip: string): Promise<EntryResult> {
    if (draft.excludedZips.has(zip)) return { ok: true, message: `${zip} is already left out.` };
    const known =
      places.get(zip) ??
      (await queryClient.fetchQuery(zipLookupQueryOptions([zip])).catch(() => null))?.zips[0];
    if (!known) return { ok: false, error: `${zip} is not in our list of US ZIP codes.` };
    dispatch({ type: 'excludeZip', zip });
    return { ok: true, message: `${zip} is left out${draft.selected.has(zip) ? ' of your area' : ''}.` };
  }

  function excludeCity(typed: string): EntryResult {
    if (areaStates.length === 0) {
      return {
        ok: false,
        error: 'Tick some ZIP codes first: you can leave out cities in the states you serve.',
      };
    }
    const city = cityOptions.find((option) => option.toLowerCase() === typed.trim().toLowerCase());
    if (!city) {
      return {
        ok: false,
        error: `“${typed}” is not a city in your area's states (${areaStates.join(', ')}).`,
      };
    }
    dispatch({ type: 'excludeCity', city });
    return { ok: true, message: `${city} is left out.` };
  }

  /** After a save: the server's normalised record is the new starting point. */
  function saved_(next: AgentRecord) {
    const fresh = draftFromRecord(next);
    setSaved(fresh);
    dispatch({ type: 'reset', draft: fresh });
  }

  return {
    draft,
    dispatch,
    viewed,
    view,
    viewedState: viewedQuery?.data as GeoStateDetail | undefined,
    viewedQuery,
    places,
    covered,
    payload,
    dirty,
    summary,
    areaStates,
    cityOptions,
    addZip,
    excludeZip,
    excludeCity,
    markSaved: saved_,
    loadingPlaces: details.some((query) => query.isPending) || legacy.isFetching,
  };
}
