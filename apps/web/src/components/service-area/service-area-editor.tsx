import type { AgentRecord } from '@portal/shared';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useGeoStates } from '@/lib/service-area-api';
import { CodeEntry } from './code-entry';
import { CountyList } from './county-list';
import { countyCoverage, isExcluded } from './draft';
import { Exclusions } from './exclusions';
import { ServiceAreaSummary } from './service-area-summary';
import { StatePicker } from './state-picker';
import type { useServiceAreaDraft } from './use-service-area-draft';

// d3-geo, topojson and the county outlines load only when the map is first shown.
const ServiceAreaMap = lazy(() => import('./service-area-map').then((m) => ({ default: m.ServiceAreaMap })));

export type ServiceAreaDraftApi = ReturnType<typeof useServiceAreaDraft>;

/**
 * The service-area picker: a state's counties to tick, single ZIP codes, cities and ZIP codes to
 * leave out, a name, the map and the summary. Saving is the page's job (`actions`): it gets the
 * draft's payload and tells the draft what the server kept.
 */
export function ServiceAreaEditor({
  record,
  area,
  actions,
}: {
  record: AgentRecord;
  area: ServiceAreaDraftApi;
  /** The save buttons and their messages, under the summary. */
  actions: ReactNode;
}) {
  const states = useGeoStates();
  const { draft, dispatch, viewedState, viewedQuery, places } = area;
  const stateNames = useMemo(
    () => new Map((states.data ?? []).map((state) => [state.code, state.name])),
    [states.data],
  );

  const inArea = useMemo(() => {
    const counts = new Map<string, number>();
    for (const zip of area.covered) {
      const state = places.get(zip)?.state;
      if (state) counts.set(state, (counts.get(state) ?? 0) + 1);
    }
    return [...counts].map(([code, count]) => ({ code, name: stateNames.get(code) ?? code, count }));
  }, [area.covered, places, stateNames]);

  const map = useMemo(() => {
    if (!viewedState) return null;
    const coverage = new Map(viewedState.counties.map((c) => [c.fips, countyCoverage(c, draft).state]));
    const covered = [];
    const excluded = [];
    for (const county of viewedState.counties) {
      for (const point of county.zips) {
        if (isExcluded(draft, point.zip, point.city)) excluded.push(point);
        else if (draft.selected.has(point.zip)) covered.push(point);
      }
    }
    return { coverage, covered, excluded };
  }, [viewedState, draft]);

  const excludedSelected = [...draft.selected].filter((zip) =>
    isExcluded(draft, zip, places.get(zip)?.city),
  ).length;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Name your area</CardTitle>
          <CardDescription>A short name the office and your team will know it by.</CardDescription>
        </CardHeader>
        <CardContent>
          <Field label="Service area name" className="sm:max-w-md">
            <Input
              value={draft.name}
              maxLength={200}
              placeholder="For example: East Valley"
              onChange={(event) => dispatch({ type: 'rename', name: event.target.value })}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Counties and ZIP codes</CardTitle>
          <CardDescription>
            Choose a state, then tick the counties you serve: a county brings all its ZIP codes. Open a county
            to untick single ZIP codes. Your ticks are kept when you move to another state.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {states.isError ? (
            <Alert variant="destructive">
              <AlertTitle>The list of states could not be loaded</AlertTitle>
              <AlertDescription>
                <p>{errorMessage(states.error)}</p>
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => states.refetch()}
                >
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <StatePicker
              states={states.data ?? []}
              value={area.viewed}
              onChange={area.view}
              inArea={inArea}
            />
          )}

          {!area.viewed ? (
            <p className="text-sm text-muted-foreground">Choose a state to see its counties.</p>
          ) : viewedQuery?.isError ? (
            <Alert variant="destructive">
              <AlertTitle>The counties of this state could not be loaded</AlertTitle>
              <AlertDescription>
                <p>{errorMessage(viewedQuery.error)} Your ticks so far are kept.</p>
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => viewedQuery.refetch()}
                >
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : !viewedState ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the counties of {stateNames.get(area.viewed) ?? area.viewed}…
            </p>
          ) : (
            // The map first, across the card; the counties below it in the page's own scroll (no
            // box scrolling inside the page), in two columns where they fit. Where the card is
            // wide (no side panel), the counties go beside the map, which stays in view.
            <div className="@container">
              <div className="grid gap-6 @5xl:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)] @5xl:items-start">
                <div className="@5xl:sticky @5xl:top-4 @5xl:order-2">
                  <Suspense fallback={<p className="h-48 text-sm text-muted-foreground">Loading the map…</p>}>
                    {map ? (
                      <ServiceAreaMap
                        stateFips={viewedState.fips}
                        stateName={viewedState.name}
                        coverage={map.coverage}
                        covered={map.covered}
                        excluded={map.excluded}
                      />
                    ) : null}
                  </Suspense>
                </div>
                <section aria-label={`Counties of ${viewedState.name}`} className="min-w-0 @5xl:order-1">
                  <CountyList state={viewedState} draft={draft} dispatch={dispatch} />
                </section>
              </div>
            </div>
          )}

          <CodeEntry
            label="Add a ZIP code"
            button="Add ZIP code"
            description="Any US ZIP code, also in another state."
            zip
            onSubmit={area.addZip}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Leave out</CardTitle>
          <CardDescription>
            Cities and ZIP codes you do not want leads from, even inside a county you ticked.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Exclusions
            cities={[...draft.excludedCities]}
            zips={[...draft.excludedZips].sort()}
            cityOptions={area.cityOptions}
            onExcludeCity={area.excludeCity}
            onIncludeCity={(city) => dispatch({ type: 'includeCity', city })}
            onExcludeZip={area.excludeZip}
            onIncludeZip={(zip) => dispatch({ type: 'includeZip', zip })}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your service area</CardTitle>
          <CardDescription>Leads are sent to you for these ZIP codes.</CardDescription>
        </CardHeader>
        <CardContent>
          <ServiceAreaSummary
            rows={area.summary.rows}
            total={area.covered.length}
            unplaced={area.loadingPlaces ? area.summary.unplaced : 0}
            excludedCount={excludedSelected}
            stateNames={stateNames}
          />
          {actions}
          <p className="text-xs text-muted-foreground">
            ZIP code data © GeoNames, CC BY 4.0. County outlines: US Census Bureau.
          </p>
        </CardContent>
      </Card>
      {record.zipcodes.length > 0 && area.summary.unplaced > 0 && !area.loadingPlaces ? (
        <p className="text-sm text-muted-foreground">
          {area.summary.unplaced} of your ZIP codes are not in our ZIP code data; they stay in your area.
        </p>
      ) : null}
    </div>
  );
}
