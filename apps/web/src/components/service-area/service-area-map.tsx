import { useQuery } from '@tanstack/react-query';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The county outlines of the Census Bureau (2017), already projected to a 975 x 610 Albers USA
// view; fetched as a file the first time the map is shown, never bundled into the app's code.
import countiesAtlasUrl from 'us-atlas/counties-albers-10m.json?url';

export { countiesAtlasUrl };

type County = Feature<Geometry, { name: string }>;

async function loadCounties(): Promise<County[]> {
  const response = await fetch(countiesAtlasUrl);
  if (!response.ok) throw new Error(`The map outlines could not be loaded (${response.status}).`);
  const topology = (await response.json()) as Topology<{ counties: GeometryCollection<{ name: string }> }>;
  return (feature(topology, topology.objects.counties) as FeatureCollection<Geometry, { name: string }>)
    .features;
}

/** The projection the atlas was made with, for placing ZIP codes on it. */
const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);
const outline = geoPath();

export interface MapPoint {
  zip: string;
  lat: number;
  lon: number;
}

/**
 * One state's counties: covered ones filled, partly covered ones lighter, covered ZIP codes as
 * dots and left-out ones as red crosses. Decorative: the summary beside it says the same in words.
 */
export function ServiceAreaMap({
  stateFips,
  stateName,
  coverage,
  covered,
  excluded,
}: {
  stateFips: string;
  stateName: string;
  /** County FIPS -> how much of it is covered. */
  coverage: ReadonlyMap<string, 'all' | 'some' | 'none'>;
  covered: MapPoint[];
  excluded: MapPoint[];
}) {
  const atlas = useQuery({
    queryKey: ['geo', 'atlas', 'counties'],
    queryFn: loadCounties,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const shapes = useMemo(() => {
    const counties = (atlas.data ?? []).filter((county) => String(county.id).startsWith(stateFips));
    if (counties.length === 0) return null;
    const [[x0, y0], [x1, y1]] = outline.bounds({ type: 'FeatureCollection', features: counties });
    const size = Math.max(x1 - x0, y1 - y0, 1);
    const pad = size * 0.04;
    return {
      counties: counties.map((county) => ({ id: String(county.id), d: outline(county) ?? '' })),
      viewBox: `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`,
      unit: size / 300,
    };
  }, [atlas.data, stateFips]);

  if (atlas.isPending) {
    return <p className="grid h-48 place-items-center text-sm text-muted-foreground">Loading the map…</p>;
  }
  if (!shapes) {
    return (
      <p className="grid h-48 place-items-center text-center text-sm text-muted-foreground">
        The map is not available right now; the summary lists your area.
      </p>
    );
  }

  const drawn = new Set(shapes.counties.map((county) => county.id));
  const undrawn = [...coverage.keys()].filter((fips) => coverage.get(fips) !== 'none' && !drawn.has(fips));
  const place = (point: MapPoint) => projection([point.lon, point.lat]);
  const { unit } = shapes;

  return (
    <figure aria-hidden="true" className="grid gap-2" data-testid="service-area-map">
      <svg
        viewBox={shapes.viewBox}
        className="h-auto max-h-[28rem] w-full rounded-md border border-border bg-secondary-soft"
        aria-hidden="true"
      >
        <g strokeLinejoin="round">
          {shapes.counties.map((county) => {
            const state = coverage.get(county.id) ?? 'none';
            return (
              <path
                key={county.id}
                d={county.d}
                data-coverage={state}
                fill={state === 'all' ? '#4ade80' : state === 'some' ? '#bbf7d0' : '#ffffff'}
                stroke="#71717a"
                strokeWidth={0.75}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
        </g>
        <g fill="#166534">
          {covered.map((point) => {
            const xy = place(point);
            return xy ? <circle key={point.zip} cx={xy[0]} cy={xy[1]} r={unit * 1.2} /> : null;
          })}
        </g>
        <g stroke="#b91c1c" strokeWidth={2} vectorEffect="non-scaling-stroke">
          {excluded.map((point) => {
            const xy = place(point);
            if (!xy) return null;
            const r = unit * 2.5;
            return (
              <path
                key={point.zip}
                data-excluded={point.zip}
                d={`M${xy[0] - r},${xy[1] - r}L${xy[0] + r},${xy[1] + r}M${xy[0] - r},${xy[1] + r}L${xy[0] + r},${xy[1] - r}`}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
        </g>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 border border-zinc-500 bg-[#4ade80]" /> Covered county
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 border border-zinc-500 bg-[#bbf7d0]" /> Partly covered
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-full bg-[#166534]" /> Covered ZIP code
        </span>
        <span className="flex items-center gap-1">
          <span className="font-bold text-destructive">×</span> Left out
        </span>
        {undrawn.length > 0 ? (
          <span>
            {undrawn.length} of your counties in {stateName} {undrawn.length === 1 ? 'is' : 'are'} newer than
            the map's outlines and not drawn.
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
