import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CorporateUserCreateDialog } from '../components/corporate-user-create-dialog';
import { CorporateUsersList } from '../components/corporate-users-list';
import { GroupCreateDialog } from '../components/group-create-dialog';
import { GroupsList } from '../components/groups-list';
import { AdminPageHeader } from '../components/page-header';
import { useListParams } from '../components/use-list-params';

type Tab = 'users' | 'groups';

/**
 * /admin/corporate: corporate users and their groups, one tab each (?tab=groups). Each tab's
 * search and page are in the address too; changing tabs starts the other list afresh.
 */
export function AdminCorporatePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'groups' ? 'groups' : 'users';
  const list = useListParams<string>({
    sorts: ['name', 'email', 'created_at'],
    defaults: { sort: 'name', order: 'asc' },
  });
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Corporate"
        description="Offices that follow their agents' leads, and the groups their agents are in."
        actions={tab === 'groups' ? <GroupCreateDialog /> : <CorporateUserCreateDialog />}
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'groups' ? { tab: 'groups' } : {})}
        activationMode="manual"
      >
        <TabsList aria-label="Corporate">
          <TabsTrigger value="users">Corporate users</TabsTrigger>
          <TabsTrigger value="groups">Groups</TabsTrigger>
        </TabsList>
        <TabsContent value="users">{tab === 'users' ? <CorporateUsersList list={list} /> : null}</TabsContent>
        <TabsContent value="groups">{tab === 'groups' ? <GroupsList list={list} /> : null}</TabsContent>
      </Tabs>
    </div>
  );
}
