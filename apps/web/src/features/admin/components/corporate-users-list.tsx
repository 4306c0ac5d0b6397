// The corporate users: name, e-mail, whether they can sign in, their agents and groups, and
// what the office does for them (rename, sign-in link, deactivate / reactivate).
import { type AdminCorporateUser, AdminCorporateUserCreateSchema } from '@portal/shared';
import { UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { useCorporateUserRenamer, useCorporateUsers, useUpdateCorporateUser } from '../api/corporate-users';
import { formatPercent } from './billing-format';
import { ConfirmDialog } from './confirm-dialog';
import { CorporateUserFeeDialog } from './corporate-user-fee-dialog';
import { CorporateUserLinkDialog } from './corporate-user-link-dialog';
import { CellText, type Column, DataTable } from './data-table';
import { SearchEmpty } from './list-toolbar';
import { LoadError } from './load-error';
import { Pager } from './pager';
import { RenameDialog } from './rename-dialog';
import { SearchBox } from './search-box';
import { StatusBadge } from './status-badge';
import { type ListParams, tableSorting } from './use-list-params';

const nameOf = (user: AdminCorporateUser) => user.name ?? user.email;

function ActiveToggle({ user }: { user: AdminCorporateUser }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCorporateUser({ onFieldError: setError });
  const deactivating = user.is_active;
  const name = nameOf(user);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={deactivating ? 'text-destructive hover:text-destructive' : undefined}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {deactivating ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
        {deactivating ? 'Deactivate' : 'Reactivate'} <span className="sr-only">{name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
        description={
          deactivating
            ? 'They are signed out everywhere and can no longer sign in. Their agents and groups stay as they are. You can reactivate them later.'
            : 'They can sign in again. Send them a new sign-in link afterwards.'
        }
        confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
        destructive={deactivating}
        pending={update.isPending}
        error={error}
        onConfirm={() =>
          update.mutate(
            { id: user.id, patch: { is_active: !deactivating } },
            { onSuccess: () => setOpen(false) },
          )
        }
      />
    </>
  );
}

const columns: Column<AdminCorporateUser>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    nowrap: true,
    render: (user) => <span className="font-medium">{user.name ?? '—'}</span>,
  },
  {
    key: 'email',
    label: 'E-mail',
    sortable: true,
    render: (user) => <CellText text={user.email} />,
  },
  {
    key: 'active',
    label: 'Sign-in',
    render: (user) =>
      user.is_active ? (
        <StatusBadge tone="success">Active</StatusBadge>
      ) : (
        <StatusBadge tone="neutral">Deactivated</StatusBadge>
      ),
  },
  { key: 'agents', label: 'Agents', numeric: true, render: (user) => formatCount(user.agent_count) },
  { key: 'groups', label: 'Groups', numeric: true, render: (user) => formatCount(user.group_count) },
  {
    key: 'referral_fee',
    label: 'Referral fee',
    numeric: true,
    nowrap: true,
    render: (user) =>
      user.referral_fee_percent === null ? (
        <span className="text-muted-foreground">Network's</span>
      ) : (
        formatPercent(user.referral_fee_percent)
      ),
  },
  {
    key: 'actions',
    label: 'Actions',
    render: (user) => (
      <div className="flex flex-wrap gap-2">
        <RenameDialog
          id={user.id}
          current={user.name ?? ''}
          title={`Rename ${nameOf(user)}`}
          label="Name"
          schema={AdminCorporateUserCreateSchema.shape.name}
          useSave={useCorporateUserRenamer}
        />
        <CorporateUserFeeDialog user={user} />
        <CorporateUserLinkDialog user={user} />
        <ActiveToggle user={user} />
      </div>
    ),
  },
];

export function CorporateUsersList({ list }: { list: ListParams }) {
  const users = useCorporateUsers({
    q: list.q || undefined,
    skip: list.skip,
    limit: list.limit,
    sort: list.sort,
    order: list.order,
  });
  return (
    <div className="grid gap-4">
      <SearchBox
        label="Search corporate users"
        placeholder="Name or e-mail"
        value={list.searchText}
        onChange={list.setSearch}
        className="max-w-sm"
      />
      {users.isError ? (
        <LoadError title="The corporate users could not be loaded" query={users} />
      ) : (
        <>
          <DataTable
            label="Corporate users"
            columns={columns}
            rows={users.data?.items}
            rowKey={(user) => user.id}
            {...tableSorting(list)}
            loading={users.isPending}
            minWidth="60rem"
            empty={
              <SearchEmpty
                noun="corporate user"
                query={list.q}
                onClear={() => list.setSearch('')}
                none="No corporate users yet. Create one with “New corporate user”."
              />
            }
          />
          {users.data ? (
            <Pager
              skip={list.skip}
              limit={list.limit}
              total={users.data.total}
              onSkip={list.setSkip}
              noun="corporate users"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
