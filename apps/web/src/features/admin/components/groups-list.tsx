// The groups: name (to the group's page), owner, members and managers; rename and delete.
import { type AdminGroup, AdminGroupCreateSchema } from '@portal/shared';
import { formatCount } from '@/components/leads/lead-format';
import { paths } from '@/config/paths';
import { useGroupRenamer, useGroups } from '../api/groups';
import { ABOVE_ROW_LINK, type Column, DataTable } from './data-table';
import { GroupDeleteDialog } from './group-delete-dialog';
import { SearchEmpty } from './list-toolbar';
import { LoadError } from './load-error';
import { Pager } from './pager';
import { RenameDialog } from './rename-dialog';
import { SearchBox } from './search-box';
import { type ListParams, tableSorting } from './use-list-params';

const columns: Column<AdminGroup>[] = [
  { key: 'name', label: 'Group', sortable: true, nowrap: true, render: (group) => group.name },
  {
    key: 'owner',
    label: 'Owner',
    nowrap: true,
    render: (group) => group.corporate_user_name ?? <span className="text-muted-foreground">No owner</span>,
  },
  { key: 'members', label: 'Members', numeric: true, render: (group) => formatCount(group.member_count) },
  { key: 'managers', label: 'Managers', numeric: true, render: (group) => formatCount(group.manager_count) },
  {
    key: 'actions',
    label: 'Actions',
    render: (group) => (
      <div className={`flex flex-wrap gap-2 ${ABOVE_ROW_LINK}`}>
        <RenameDialog
          id={group.id}
          current={group.name}
          title={`Rename ${group.name}`}
          label="Group name"
          schema={AdminGroupCreateSchema.shape.name}
          useSave={useGroupRenamer}
        />
        <GroupDeleteDialog group={group} />
      </div>
    ),
  },
];

export function GroupsList({ list }: { list: ListParams }) {
  const groups = useGroups({
    q: list.q || undefined,
    skip: list.skip,
    limit: list.limit,
    // Groups have no e-mail: the users tab's sort falls back to the name.
    sort: list.sort === 'email' ? 'name' : list.sort,
    order: list.order,
  });
  return (
    <div className="grid gap-4">
      <SearchBox
        label="Search groups"
        placeholder="Group name"
        value={list.searchText}
        onChange={list.setSearch}
        className="max-w-sm"
      />
      {groups.isError ? (
        <LoadError title="The groups could not be loaded" query={groups} />
      ) : (
        <>
          <DataTable
            label="Groups"
            columns={columns}
            rows={groups.data?.items}
            rowKey={(group) => group.id}
            {...tableSorting(list)}
            rowHref={(group) => paths.adminGroup.href(group.id)}
            loading={groups.isPending}
            minWidth="44rem"
            empty={
              <SearchEmpty
                noun="group"
                query={list.q}
                onClear={() => list.setSearch('')}
                none="No groups yet. Create one with “New group”."
                clearClassName={ABOVE_ROW_LINK}
              />
            }
          />
          {groups.data ? (
            <Pager
              skip={list.skip}
              limit={list.limit}
              total={groups.data.total}
              onSkip={list.setSkip}
              noun="groups"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
