import { useQuery } from '@tanstack/react-query';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { Maximize2, Minus, Plus } from 'lucide-react';
import { type PointerEvent, useMemo, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The county outlines of the Census Bureau (2017), already projected to a 975 x 610 Albers USA
// view; fetched as a file the first time the map is shown, never bundled into the app's code.
import countiesAtlasUrl from 'us-atlas/counties-albers-10m.json?url';
import { Button } from '@/components/ui/button';

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

/** How far the map zooms in, and from which zoom on each ZIP code is named beside its dot. */
const MAX_ZOOM = 16;
const LABEL_ZOOM = 4;

/**
 * One state's counties: covered ones filled, partly covered ones lighter, covered ZIP codes as
 * dots and left-out ones as red crosses, named when zoomed in. Zoom with the buttons (or a
 * double click), move by dragging. The drawing is decorative: the county list and the summary
 * say the same in words.
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
      box: { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad },
      unit: size / 300,
    };
  }, [atlas.data, stateFips]);

  // The view: how far in, and the point of the state at its centre (null: the state's centre).
  const [view, setView] = useState<{ zoom: number; center: [number, number] | null; fips: string }>({
    zoom: 1,
    center: null,
    fips: stateFips,
  });
  const current = view.fips === stateFips ? view : { zoom: 1, center: null, fips: stateFips };
  const drag = useRef<{ pointerId: number; x: number; y: number; center: [number, number] } | null>(null);

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
  const { box } = shapes;
  const { zoom } = current;
  // Dots and crosses keep their size on screen as the map zooms in.
  const unit = shapes.unit / Math.sqrt(zoom);
  const width = box.width / zoom;
  const height = box.height / zoom;
  const clamp = ([x, y]: [number, number]): [number, number] => [
    Math.min(Math.max(x, box.x + width / 2), box.x + box.width - width / 2),
    Math.min(Math.max(y, box.y + height / 2), box.y + box.height - height / 2),
  ];
  const [cx, cy] = clamp(current.center ?? [box.x + box.width / 2, box.y + box.height / 2]);
  const viewBox = `${cx - width / 2} ${cy - height / 2} ${width} ${height}`;
  // Zooming in from the whole state goes to the covered ZIP codes, where there are some.
  const coveredXY = covered.map((point) => place(point)).filter((xy): xy is [number, number] => xy !== null);
  const coveredCenter: [number, number] | null =
    coveredXY.length > 0
      ? [
          coveredXY.reduce((sum, [x]) => sum + x, 0) / coveredXY.length,
          coveredXY.reduce((sum, [, y]) => sum + y, 0) / coveredXY.length,
        ]
      : null;
  const zoomTo = (next: number, center?: [number, number]) =>
    setView({
      zoom: Math.min(Math.max(next, 1), MAX_ZOOM),
      center: center ?? (current.center === null && coveredCenter ? coveredCenter : [cx, cy]),
      fips: stateFips,
    });
  const labelled = zoom >= LABEL_ZOOM;
  const labelSize = (shapes.unit * 9) / zoom;

  /** Where a pointer is, in the map's coordinates. */
  const pointAt = (
    event: PointerEvent<SVGSVGElement> | { clientX: number; clientY: number },
    svg: SVGSVGElement,
  ) => {
    const rect = svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return null;
    // The drawing keeps its proportions inside the box (preserveAspectRatio "meet").
    const scale = Math.max(width / rect.width, height / rect.height);
    return [
      cx + (event.clientX - rect.left - rect.width / 2) * scale,
      cy + (event.clientY - rect.top - rect.height / 2) * scale,
    ] as [number, number];
  };

  return (
    <figure className="grid gap-2" data-testid="service-area-map">
      <div className="relative">
        <svg
          viewBox={viewBox}
          className={`block aspect-[4/3] h-auto max-h-[70vh] w-full touch-none rounded-md border border-border bg-secondary-soft ${zoom > 1 ? 'cursor-grab active:cursor-grabbing' : ''}`}
          aria-hidden="true"
          onDoubleClick={(event) => zoomTo(zoom * 2, pointAt(event, event.currentTarget) ?? undefined)}
          onPointerDown={(event) => {
            if (zoom <= 1 || (event.pointerType === 'mouse' && event.button !== 0)) return;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            drag.current = {
              pointerId: event.pointerId,
              x: event.clientX,
              y: event.clientY,
              center: [cx, cy],
            };
          }}
          onPointerMove={(event) => {
            const start = drag.current;
            if (!start || start.pointerId !== event.pointerId) return;
            const rect = event.currentTarget.getBoundingClientRect();
            const scale = Math.max(width / (rect.width || 1), height / (rect.height || 1));
            setView({
              zoom,
              center: clamp([
                start.center[0] - (event.clientX - start.x) * scale,
                start.center[1] - (event.clientY - start.y) * scale,
              ]),
              fips: stateFips,
            });
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
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
          {labelled ? (
            <g fontSize={labelSize} fontFamily="ui-sans-serif, system-ui, sans-serif" paintOrder="stroke">
              {[
                ...covered.map((point) => ({ point, left: false })),
                ...excluded.map((point) => ({ point, left: true })),
              ].map(({ point, left }) => {
                const xy = place(point);
                return xy ? (
                  <text
                    key={point.zip}
                    data-zip-label={point.zip}
                    x={xy[0] + unit * 3}
                    y={xy[1] + labelSize * 0.35}
                    fill={left ? '#b91c1c' : '#14532d'}
                    stroke="#ffffff"
                    strokeWidth={labelSize * 0.25}
                  >
                    {point.zip}
                  </text>
                ) : null;
              })}
            </g>
          ) : null}
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
        <div className="absolute top-2 right-2 grid gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Zoom in"
            disabled={zoom >= MAX_ZOOM}
            onClick={() => zoomTo(zoom * 2)}
          >
            <Plus aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Zoom out"
            disabled={zoom <= 1}
            onClick={() => zoomTo(zoom / 2)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Show the whole state"
            disabled={zoom <= 1}
            onClick={() => setView({ zoom: 1, center: null, fips: stateFips })}
          >
            <Maximize2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <figcaption aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
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
        <span>{labelled ? 'Drag to move the map.' : 'Zoom in to see the ZIP codes named.'}</span>
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
