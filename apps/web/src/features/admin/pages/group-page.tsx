import { AdminGroupCreateSchema } from '@portal/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatCount } from '@/components/leads/lead-format';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useGroup, useGroupRenamer } from '../api/groups';
import { AdminSection } from '../components/admin-section';
import { GroupAddMember } from '../components/group-add-member';
import { GroupDeleteDialog } from '../components/group-delete-dialog';
import { GroupMembersTable } from '../components/group-members-table';
import { LoadError, Skeleton } from '../components/load-error';
import { AdminPageHeader } from '../components/page-header';
import { RenameDialog } from '../components/rename-dialog';

const groupsHref = `${paths.adminCorporate.href()}?tab=groups`;

/** /admin/groups/:groupId: one group's members and managers. */
export function AdminGroupPage() {
  const { groupId = '' } = useParams();
  const group = useGroup(groupId);
  const navigate = useNavigate();
  const back = (
    <Link to={groupsHref} className="inline-flex w-fit items-center gap-1 text-sm">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All groups
    </Link>
  );

  if (group.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        {back}
        <span className="sr-only">Loading the group…</span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (group.isError) {
    return (
      <div className="grid gap-6">
        {back}
        <AdminPageHeader title="Group" />
        {isApiError(group.error) && group.error.status === 404 ? (
          <p>This group does not exist (it may have been deleted). Go back to all groups.</p>
        ) : (
          <LoadError title="The group could not be loaded" query={group} />
        )}
      </div>
    );
  }

  const data = group.data;
  return (
    <div className="grid gap-6">
      {back}
      <AdminPageHeader
        title={data.name}
        description={`Owned by ${data.corporate_user_name ?? 'no corporate user'} · ${formatCount(data.member_count)} ${data.member_count === 1 ? 'agent' : 'agents'}, ${formatCount(data.manager_count)} ${data.manager_count === 1 ? 'manager' : 'managers'}`}
        actions={
          <>
            <RenameDialog
              id={data.id}
              current={data.name}
              title={`Rename ${data.name}`}
              label="Group name"
              schema={AdminGroupCreateSchema.shape.name}
              useSave={useGroupRenamer}
              size="default"
            />
            <GroupDeleteDialog
              group={data}
              size="default"
              onDeleted={() => navigate(groupsHref, { replace: true })}
            />
          </>
        }
      />
      <AdminSection title="Members" description="Managers see the group's members and their leads.">
        <GroupMembersTable group={data} />
      </AdminSection>
      <AdminSection title="Add agent">
        <GroupAddMember group={data} />
      </AdminSection>
    </div>
  );
}
