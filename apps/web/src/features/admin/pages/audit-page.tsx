import {
  AUDIT_ACTIONS,
  AUDIT_CATEGORIES,
  AUDIT_CATEGORY_LABELS,
  type AuditCategory,
  type AuditEntry,
  type AuditRef,
  auditActionLabel,
  auditActionsOf,
  auditSentenceParts,
  isAuditAction,
} from '@portal/shared';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { paths } from '@/config/paths';
import { useAudit } from '../api/audit';
import { AuditDetails } from '../components/audit-details';
import { type Column, DataTable } from '../components/data-table';
import { FilterText } from '../components/filter-text';
import { ListToolbar, NoMatches } from '../components/list-toolbar';
import { LoadError } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { tableSorting, useListParams } from '../components/use-list-params';
import { formatWhen } from '../components/when';

const FILTERS = ['actor', 'action', 'category', 'target_id'] as const;
/** The view with no `category` in the address: the office's own actions (sign-ins apart). */
const DEFAULT_CATEGORY: AuditCategory = 'office';
const ALL = 'all';

/** Where a named record's own page (or its list) is, when it has one. */
function refHref(ref: AuditRef): string | null {
  if (!ref.id) return null;
  if (ref.type === 'agent') return paths.adminAgent.href(ref.id);
  if (ref.type === 'group') return paths.adminGroup.href(ref.id);
  if (ref.type === 'access_code') return `${paths.adminAccessCodes.href()}?q=${encodeURIComponent(ref.name)}`;
  if (ref.type === 'api_key') return paths.adminApiKeys.href();
  return null;
}

/** The entry in words (the shared AUDIT_ACTIONS sentence), its records linked by id. */
function Sentence({ entry }: { entry: AuditEntry }) {
  return (
    <p className="[overflow-wrap:anywhere]">
      {auditSentenceParts(entry).map((part, index) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
        if ('text' in part) return <span key={index}>{part.text}</span>;
        const href = refHref(part.ref);
        return href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <Link key={index} to={href} className="font-medium">
            {part.ref.name}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <span key={index} className="font-medium">
            {part.ref.name}
          </span>
        );
      })}
    </p>
  );
}

/** The details a sentence already says (names, counts) are not repeated under it. */
function shownDetails(entry: AuditEntry): AuditEntry['details'] {
  const template = isAuditAction(entry.action) ? AUDIT_ACTIONS[entry.action].sentence : '';
  const said = new Set(
    [...template.matchAll(/\{([a-z_]+)\}/g)].flatMap(([, name]) => [name!, `${name}_id`, `${name}_name`]),
  );
  said.add('actor_name');
  said.add('target_name');
  return Object.fromEntries(Object.entries(entry.details).filter(([key]) => !said.has(key)));
}

/** "What to show": the office's actions (the default), sign-ins, people's own actions, or all. */
function CategorySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>Show</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {AUDIT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {AUDIT_CATEGORY_LABELS[category]}
          </option>
        ))}
        <option value={ALL}>Everything</option>
      </NativeSelect>
    </div>
  );
}

/** One action, chosen from the shared list (grouped as the "Show" choice groups them). */
function ActionSelect({
  value,
  category,
  onChange,
}: {
  value: string;
  category: AuditCategory | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const groups = category ? [category] : [...AUDIT_CATEGORIES];
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>Action</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Every action</option>
        {groups.map((group) => (
          <optgroup key={group} label={AUDIT_CATEGORY_LABELS[group]}>
            {auditActionsOf(group).map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTIONS[action].label}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    </div>
  );
}

/** /admin/audit: every superuser action, newest first; ?target_id= narrows it to one record. */
export function AdminAuditPage() {
  const list = useListParams({
    filters: FILTERS,
    sorts: ['created_at'],
    defaults: { sort: 'created_at', order: 'desc' },
  });
  const { actor, action, target_id } = list.filters;
  // An action or a target is looked for in every kind of entry; otherwise the chosen kind.
  const categoryParam = list.filters.category;
  const category: AuditCategory | null =
    categoryParam === ALL
      ? null
      : (AUDIT_CATEGORIES as readonly string[]).includes(categoryParam)
        ? (categoryParam as AuditCategory)
        : DEFAULT_CATEGORY;
  const audit = useAudit({
    actor: actor || undefined,
    action: action || undefined,
    category: action || target_id || !category ? undefined : category,
    target_id: target_id || undefined,
    skip: list.skip,
    limit: list.limit,
    order: list.order,
  });
  const filtered = Boolean(actor || action || target_id || categoryParam);
  const columns: Column<AuditEntry>[] = [
    {
      key: 'created_at',
      sortable: true,
      label: 'When',
      render: (entry) => <span className="whitespace-nowrap">{formatWhen(entry.created_at)}</span>,
    },
    {
      key: 'what',
      label: 'What happened',
      className: 'min-w-72',
      render: (entry) => (
        <div className="grid gap-1">
          <Sentence entry={entry} />
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            {/* Actions are matched exactly: picking one from a row is easier than finding it. */}
            <button
              type="button"
              onClick={() => list.setFilter('action', entry.action)}
              className="rounded-sm text-left underline decoration-dotted underline-offset-4 hover:decoration-solid focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {auditActionLabel(entry.action)} <span className="sr-only">(show only this action)</span>
            </button>
            {entry.actor_email && entry.actor_email !== 'cli' ? (
              <span className="break-all">{entry.actor_email}</span>
            ) : null}
            {entry.ip ? <span>{entry.ip}</span> : null}
          </span>
        </div>
      ),
    },
    {
      key: 'details',
      label: 'Changes and details',
      className: 'min-w-72',
      render: (entry) => <AuditDetails details={shownDetails(entry)} />,
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Audit log"
        description="Who did what, and when, newest first: the office's actions, with sign-ins and people's own actions apart."
      />
      <ListToolbar>
        <CategorySelect
          value={category ?? ALL}
          onChange={(value) =>
            list.setFilters({ category: value === DEFAULT_CATEGORY ? null : value, action: null })
          }
        />
        <ActionSelect
          value={action}
          category={category}
          onChange={(value) => list.setFilter('action', value || null)}
        />
        <FilterText
          label="Actor"
          placeholder="E-mail of who acted"
          value={actor}
          onChange={(value) => list.setFilter('actor', value, true)}
        />
      </ListToolbar>
      {target_id ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Only entries about <code className="break-all">{target_id}</code>
          </span>
          <Button variant="outline" size="sm" onClick={() => list.setFilter('target_id', null)}>
            <X aria-hidden="true" />
            Show every target
          </Button>
        </p>
      ) : null}
      {audit.isError ? (
        <LoadError title="The audit log could not be loaded" query={audit} />
      ) : (
        <>
          <DataTable
            label="Audit log"
            columns={columns}
            rows={audit.data?.items}
            rowKey={(entry) => entry.id}
            {...tableSorting(list)}
            loading={audit.isPending}
            minWidth="60rem"
            empty={
              filtered ? (
                <NoMatches
                  what="entries"
                  onClear={() =>
                    list.setFilters({ actor: null, action: null, category: null, target_id: null })
                  }
                />
              ) : (
                'The office has done nothing in the console yet.'
              )
            }
          />
          {audit.data ? (
            <Pager
              skip={list.skip}
              limit={list.limit}
              total={audit.data.total}
              exact={audit.data.total_exact}
              shown={audit.data.items.length}
              onSkip={list.setSkip}
              noun="entries"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
