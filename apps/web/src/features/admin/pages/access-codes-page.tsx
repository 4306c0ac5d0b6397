import { ADMIN_ACCESS_CODE_SORTS } from '@portal/shared';
import { useAccessCodes } from '../api/access-codes';
import { AccessCodeCreateDialog } from '../components/access-code-create-dialog';
import { AccessCodesTable } from '../components/access-codes-table';
import { SearchEmpty } from '../components/list-toolbar';
import { LoadError } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { tableSorting, useListParams } from '../components/use-list-params';

/** /admin/access-codes: the codes agents sign up with, searched and paged on the server. */
export function AdminAccessCodesPage() {
  const list = useListParams({
    sorts: ADMIN_ACCESS_CODE_SORTS,
    defaults: { sort: 'created_at', order: 'desc' },
  });
  const codes = useAccessCodes({
    q: list.q || undefined,
    skip: list.skip,
    limit: list.limit,
    sort: list.sort,
    order: list.order,
  });
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Access codes"
        description="Codes agents enter to sign up. A code can bind new agents to a corporate user and one of their groups."
        actions={<AccessCodeCreateDialog />}
      />
      <SearchBox
        label="Search access codes"
        placeholder="Code or description"
        value={list.searchText}
        onChange={list.setSearch}
        className="max-w-sm"
      />
      {codes.isError ? (
        <LoadError title="The access codes could not be loaded" query={codes} />
      ) : (
        <>
          <AccessCodesTable
            rows={codes.data?.items}
            loading={codes.isPending}
            sorting={tableSorting(list)}
            empty={
              <SearchEmpty
                noun="access code"
                query={list.q}
                onClear={() => list.setSearch('')}
                none="No access codes yet. Create one with “New access code”."
              />
            }
          />
          {codes.data ? (
            <Pager
              skip={list.skip}
              limit={list.limit}
              total={codes.data.total}
              onSkip={list.setSkip}
              noun="access codes"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
