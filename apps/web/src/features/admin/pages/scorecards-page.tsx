import { SCORECARD_FIGURES } from '@portal/shared';
import { Link } from 'react-router';
import {
  firstOrder,
  type ScorecardSort,
  type ScorecardSortKey,
  ScorecardTable,
} from '@/components/scorecard/scorecard-table';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { useAdminScorecards } from '../api/scorecards';
import { ListToolbar } from '../components/list-toolbar';
import { LoadError, Skeleton } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { useListParams } from '../components/use-list-params';

const SORTS = ['agent_name', ...SCORECARD_FIGURES] as const;
const PAGE_SIZE = 50;

/**
 * /admin/scorecards: every agent's figures of the last 90 days against the network's floors,
 * sortable by each column, with the agents below a floor flagged and a filter for them alone.
 */
export function AdminScorecardsPage() {
  const list = useListParams<ScorecardSortKey, 'below_floor'>({
    sorts: SORTS,
    filters: ['below_floor'],
    defaults: { sort: 'agent_name', order: 'asc', limit: PAGE_SIZE },
  });
  const belowOnly = list.filters.below_floor === 'true';
  const sort: ScorecardSort = { key: list.sort ?? 'agent_name', order: list.order };
  const scorecards = useAdminScorecards({
    sort: sort.key,
    order: sort.order,
    below_floor: belowOnly,
    q: list.q,
    page: Math.floor(list.skip / list.limit) + 1,
    page_size: list.limit,
  });
  const data = scorecards.data;
  const filtered = belowOnly || list.q !== '';

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Scorecards"
        description={
          <>
            Each agent's figures over the last 90 days, worked out every 15 minutes. Agents below a floor get
            leads only when no eligible agent meets every floor. Set the floors in{' '}
            <Link to={paths.adminSettings.href()}>Settings</Link>.
          </>
        }
      />
      <ListToolbar>
        <SearchBox
          label="Search agents"
          value={list.searchText}
          onChange={list.setSearch}
          placeholder="Name"
        />
        <div className="flex min-h-10 items-center gap-3">
          <Switch
            id="below-floor-filter"
            checked={belowOnly}
            onCheckedChange={(checked) => list.setFilter('below_floor', checked ? 'true' : null)}
          />
          <label htmlFor="below-floor-filter" className="text-sm font-medium">
            Below a floor
          </label>
        </div>
      </ListToolbar>
      {!data ? (
        scorecards.isError ? (
          <LoadError title="The scorecards could not be loaded" query={scorecards} />
        ) : (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">Loading the scorecards…</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-64" />
          </div>
        )
      ) : (
        <>
          {scorecards.isError ? (
            <LoadError title="The scorecards could not be refreshed" query={scorecards} />
          ) : null}
          {data.items.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border p-6 text-center text-sm">
              <p className="font-medium">{filtered ? 'No matching data' : 'No data'}</p>
              <p className="text-muted-foreground">
                {belowOnly && !list.q
                  ? 'No agent is below a floor.'
                  : filtered
                    ? 'No agent matches the search and filter.'
                    : 'No scorecard yet: figures start with an agent’s first lead.'}
              </p>
              {filtered ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => list.setFilters({ q: null, below_floor: null })}
                >
                  Clear search and filter
                </Button>
              ) : null}
            </div>
          ) : (
            <ScorecardTable
              label="Agents' scorecards"
              items={data.items}
              floors={data.floors}
              sort={sort}
              busy={scorecards.isPlaceholderData}
              onSort={(key) => list.toggleSort(key, firstOrder(key))}
              agentCell={(card) => <Link to={paths.adminAgent.href(card.agent_id)}>{card.agent_name}</Link>}
            />
          )}
          <Pager skip={list.skip} limit={list.limit} total={data.total} onSkip={list.setSkip} noun="agents" />
        </>
      )}
    </div>
  );
}
