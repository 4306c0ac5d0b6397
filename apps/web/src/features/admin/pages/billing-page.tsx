import { INVOICE_STATUSES, type InvoiceStatus } from '@portal/shared';
import { Switch } from '@/components/ui/switch';
import { type InvoicesQuery, useAdminInvoices } from '../api/invoices';
import { LedgerExportButton } from '../components/billing-downloads';
import { INVOICE_STATUS_OPTIONS } from '../components/billing-format';
import { FilterSelect } from '../components/filter-select';
import { InvoicesTable } from '../components/invoices-table';
import { ListToolbar, NoMatches } from '../components/list-toolbar';
import { LoadError } from '../components/load-error';
import { MissingStatements } from '../components/missing-statements';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { ReceivablesStrip } from '../components/receivables-strip';
import { SearchBox } from '../components/search-box';
import { useListParams } from '../components/use-list-params';

const FILTERS = ['status', 'overdue'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * /admin/billing: what the network is owed and how late, every agent's invoices with a payment
 * or a void recorded from the row, the closings still missing their settlement statement, and
 * the ledger as CSV for the accountant.
 */
export function AdminBillingPage() {
  const list = useListParams<string, (typeof FILTERS)[number]>({ filters: FILTERS });
  const status = oneOf<InvoiceStatus>(INVOICE_STATUSES, list.filters.status);
  const overdueOnly = list.filters.overdue === 'true';
  const query: InvoicesQuery = {
    status,
    overdue: overdueOnly || undefined,
    q: list.q || undefined,
    skip: list.skip,
    limit: list.limit,
  };
  const invoices = useAdminInvoices(query);
  const data = invoices.data;
  const filtered = Boolean(status || overdueOnly || list.q);

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Billing"
        description="Referral fees invoiced on closings: what is owed and how late, what was paid, and the closings still missing their settlement statement."
        actions={<LedgerExportButton />}
      />
      {invoices.isError ? (
        <LoadError
          title={data ? 'The invoices could not be refreshed' : 'The invoices could not be loaded'}
          query={invoices}
        />
      ) : null}
      {data || !invoices.isError ? <ReceivablesStrip data={data} /> : null}
      <ListToolbar>
        <SearchBox
          label="Search invoices"
          value={list.searchText}
          onChange={list.setSearch}
          placeholder="Number, agent, e-mail"
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={status ?? ''}
          onChange={(value) => list.setFilter('status', value)}
          options={INVOICE_STATUS_OPTIONS}
        />
        <div className="flex min-h-10 items-center gap-3">
          <Switch
            id="overdue-filter"
            checked={overdueOnly}
            onCheckedChange={(checked) => list.setFilter('overdue', checked ? 'true' : null)}
          />
          <label htmlFor="overdue-filter" className="text-sm font-medium">
            Overdue only
          </label>
        </div>
      </ListToolbar>
      {data || !invoices.isError ? (
        <>
          <InvoicesTable
            label="Invoices"
            rows={data?.items}
            loading={invoices.isPending}
            empty={
              filtered ? (
                <NoMatches
                  what="invoices"
                  onClear={() => list.setFilters({ q: null, status: null, overdue: null })}
                />
              ) : (
                'No invoices yet. Each closing an agent records creates one.'
              )
            }
          />
          {data ? (
            <Pager
              skip={list.skip}
              limit={list.limit}
              total={data.total}
              onSkip={list.setSkip}
              noun="invoices"
            />
          ) : null}
          <MissingStatements items={data?.missing_statements} />
        </>
      ) : null}
    </div>
  );
}
