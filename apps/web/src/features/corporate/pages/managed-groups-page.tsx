import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ManagedGroups } from '../components/managed-groups';

/** /leads?view=groups for a group manager: the groups it manages, their members and leads. */
export function ManagedGroupsPage() {
  const auth = useAuth();
  useDocumentTitle('My groups');
  const memberships = auth.me?.agent_profile?.group_memberships ?? [];
  const managed = memberships.filter((group) => group.is_manager);
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">My groups</h1>
        <p className="max-w-3xl text-muted-foreground">
          You manage {managed.map((group) => group.group_name).join(', ')}. Here are your members' newest
          leads, newest first; each member works their own.
        </p>
      </div>
      {managed.length > 0 ? (
        <ManagedGroups groups={memberships} />
      ) : (
        <p className="text-muted-foreground">
          You do not manage a group. Your office can make you a group's manager.
        </p>
      )}
    </div>
  );
}
