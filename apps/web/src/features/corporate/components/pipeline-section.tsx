import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { downloadPipelineCsv, type PipelineScope, usePipeline } from '../api/get-pipeline';
import { formatRangeDay } from './pipeline-format';
import { PipelineRangePicker } from './pipeline-range-picker';
import { PipelineTable } from './pipeline-table';
import { StaleLeadsSheet } from './stale-leads-sheet';
import { usePipelineUrlState } from './use-pipeline-url-state';

/** A CSV download: busy while it is fetched, a toast when it fails. */
function ExportButton({ label, download }: { label: string; download: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      pending={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await download();
        } catch (error) {
          toast.error(errorMessage(error, 'The file could not be downloaded. Try again in a moment.'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * The pipeline of the agents the page shows (an office's group or one agent; a manager's group
 * or one member): a range with quick choices, each agent's figures beside the previous period's,
 * the stale leads a link away, and the agents and the range's leads as CSV files.
 */
export function PipelineSection({
  scope,
  whose,
  controls,
  empty,
}: {
  scope: PipelineScope;
  /** "West", "West · Bob Baker": in the heading and the table's caption. */
  whose: string;
  /** The page's own filters for the pipeline, if it shows them here. */
  controls?: ReactNode;
  /** What to say when there is no agent to show. */
  empty: ReactNode;
}) {
  const url = usePipelineUrlState();
  const range = { from: url.from, to: url.to };
  const pipeline = usePipeline(scope, range);
  const data = pipeline.data;
  const titleId = `pipeline-title-${scope.kind}`;

  const staleAgent =
    url.stale && url.stale !== 'all' ? data?.agents.find((a) => a.agent_id === url.stale) : null;
  const staleScope: PipelineScope | null =
    !data || !url.stale || (url.stale !== 'all' && !staleAgent)
      ? null
      : !staleAgent
        ? scope
        : scope.kind === 'corporate'
          ? { ...scope, agentUri: staleAgent.agent_uri }
          : { ...scope, memberId: staleAgent.agent_id };

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          Pipeline of {whose}
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Each agent's leads by stage and stale leads today; leads received, speed to first contact and
          closings in the range, beside the same number of days before it (“12 vs 9”).
        </p>
      </div>
      {controls}
      {data ? (
        <PipelineRangePicker from={data.from} to={data.to} today={data.today} onChange={url.setRange} />
      ) : null}

      {!data ? (
        pipeline.isError ? (
          <Alert variant="destructive">
            <AlertTitle>The pipeline could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(pipeline.error)}</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  pending={pipeline.isFetching}
                  onClick={() => void pipeline.refetch()}
                >
                  Try again
                </Button>
                {url.from || url.to ? (
                  <Button variant="outline" size="sm" onClick={() => url.setRange(null)}>
                    Show the last 30 days
                  </Button>
                ) : null}
              </div>
            </AlertDescription>
          </Alert>
        ) : (
          <div role="status" aria-busy="true" className="grid gap-3">
            <span className="sr-only">Loading the pipeline…</span>
            <div aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-muted" />
            <div aria-hidden="true" className="h-48 animate-pulse rounded-xl bg-muted" />
          </div>
        )
      ) : (
        <div
          aria-busy={pipeline.isPlaceholderData || undefined}
          className={cn('grid gap-3', pipeline.isPlaceholderData && 'opacity-60')}
        >
          {pipeline.isError ? (
            <p role="alert" className="text-sm text-destructive">
              The figures could not be refreshed: {errorMessage(pipeline.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">
              {formatRangeDay(data.from)} to {formatRangeDay(data.to)}, beside{' '}
              {formatRangeDay(data.previous_from)} to {formatRangeDay(data.previous_to)}
            </p>
            <div className="flex flex-wrap gap-2">
              <ExportButton
                label="Export agents (CSV)"
                download={() => downloadPipelineCsv(scope, data, 'agents')}
              />
              <ExportButton
                label="Export leads (CSV)"
                download={() => downloadPipelineCsv(scope, data, 'leads')}
              />
            </div>
          </div>
          {data.agents.length === 0 ? (
            <div className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
              {empty}
            </div>
          ) : (
            <PipelineTable
              pipeline={data}
              caption={`Pipeline of ${whose}, ${formatRangeDay(data.from)} to ${formatRangeDay(data.to)}`}
              staleHref={url.staleHref}
            />
          )}
        </div>
      )}
      <StaleLeadsSheet
        scope={staleScope}
        whose={staleAgent ? staleAgent.name : whose}
        onClose={url.closeStale}
      />
    </section>
  );
}
