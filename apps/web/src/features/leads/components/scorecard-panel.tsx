import { floorLabels, type ScorecardFigure } from '@portal/shared';
import { AlertTriangle, ArrowDown, ArrowUp, CheckCircle2, Minus } from 'lucide-react';
import type * as React from 'react';
import { formatCount, formatDay } from '@/components/leads/lead-format';
import { RelativeTime } from '@/components/relative-time';
import { formatFigure, formatFloor, trendOf, trendText } from '@/components/scorecard/scorecard-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useScorecard } from '../api/get-scorecard';

function FloorStatus({ figure }: { figure: ScorecardFigure }) {
  if (figure.meets_floor === null) return null;
  return figure.meets_floor ? (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-primary-text">
      <CheckCircle2 aria-hidden="true" className="size-4" />
      Meets the floor
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-sm font-semibold text-destructive">
      <AlertTriangle aria-hidden="true" className="size-4" />
      Below the floor
    </span>
  );
}

function Trend({ figure }: { figure: ScorecardFigure }) {
  const trend = trendOf(figure);
  const rose = figure.value !== null && figure.previous !== null && figure.value > figure.previous;
  const Icon = trend === 'none' || trend === 'same' ? Minus : rose ? ArrowUp : ArrowDown;
  return (
    <p
      className={cn(
        'flex items-start gap-1 text-sm',
        trend === 'better' && 'text-primary-text',
        trend === 'worse' && 'text-destructive',
        (trend === 'none' || trend === 'same') && 'text-muted-foreground',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {trendText(figure)}
    </p>
  );
}

/** "Over 12 leads", "Over 1 offer": what the figure is computed over. */
function sampleText({ key, sample }: ScorecardFigure): string {
  const noun = key === 'acceptance' ? 'offer' : key === 'lead_quality_rating' ? 'rating' : 'lead';
  return `Over ${formatCount(sample)} ${noun}${sample === 1 ? '' : 's'}`;
}

function FigureCard({ figure }: { figure: ScorecardFigure }) {
  const below = figure.meets_floor === false;
  return (
    <li
      className={cn(
        'grid content-start gap-2 rounded-xl border bg-card p-4 shadow-sm',
        below ? 'border-destructive' : 'border-border',
      )}
    >
      <h4 className="text-sm font-medium text-muted-foreground">{figure.label}</h4>
      <p className="text-2xl font-semibold tabular-nums">{formatFigure(figure.unit, figure.value)}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span>
          <span className="text-muted-foreground">Floor: </span>
          {formatFloor(figure.key, figure.floor)}
        </span>
        <FloorStatus figure={figure} />
      </p>
      <Trend figure={figure} />
      {figure.sample > 0 ? <p className="text-xs text-muted-foreground">{sampleText(figure)}</p> : null}
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm font-medium text-primary-text underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          How it is measured
        </summary>
        <div className="mt-2 grid gap-1.5">
          <p>{figure.computed}</p>
          <p className="text-muted-foreground">{figure.routing}</p>
        </div>
      </details>
    </li>
  );
}

function ScorecardSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      <span className="sr-only">Loading your scorecard…</span>
      <div aria-hidden="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className="h-40 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    </div>
  );
}

/**
 * The agent's scorecard on the Performance tab: each figure of the last 90 days with the floor
 * the network holds it to, its trend against the 90 days before, and how it is measured and what
 * it does to routing.
 */
export function ScorecardPanel() {
  const scorecard = useScorecard();
  const card = scorecard.data;
  let body: React.ReactNode;
  if (!card) {
    const none = isApiError(scorecard.error) && scorecard.error.status === 404;
    body =
      scorecard.isError && !none ? (
        <Alert variant="destructive">
          <AlertTitle>Your scorecard could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(scorecard.error)} Try again in a moment; your leads are not affected.</p>
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void scorecard.refetch()}
                pending={scorecard.isFetching}
              >
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : none ? (
        <NoScorecard />
      ) : (
        <ScorecardSkeleton />
      );
  } else if (card.figures.every((figure) => figure.value === null && figure.sample === 0)) {
    body = <NoScorecard />;
  } else {
    body = (
      <>
        <p className="text-sm text-muted-foreground">
          {formatDay(card.from)} to {formatDay(card.to)}, worked out <RelativeTime value={card.computed_at} />
          .
        </p>
        {card.below_floors.length > 0 ? (
          <Alert variant="destructive">
            <AlertTitle>
              Below {card.below_floors.length === 1 ? 'a floor' : `${card.below_floors.length} floors`}:{' '}
              {floorLabels(card.below_floors)}
            </AlertTitle>
            <AlertDescription>
              <p>
                You still get leads, but only when no eligible agent meets every floor. Raise these figures to
                get leads first again.
              </p>
            </AlertDescription>
          </Alert>
        ) : null}
        <ul aria-label="Your figures" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {card.figures.map((figure) => (
            <FigureCard key={figure.key} figure={figure} />
          ))}
        </ul>
      </>
    );
  }
  return (
    <section aria-labelledby="scorecard-title" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="scorecard-title" className="text-xl font-semibold tracking-tight">
          Your scorecard
        </h3>
        <p className="text-sm text-muted-foreground">
          The last 90 days against the floors the network sets. Agents below a floor get leads only when no
          eligible agent meets every floor.
        </p>
      </div>
      {body}
    </section>
  );
}

function NoScorecard() {
  return (
    <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
      No scorecard yet: figures start with your first lead.
    </p>
  );
}
