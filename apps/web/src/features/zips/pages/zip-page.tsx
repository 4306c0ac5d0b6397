import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { portalFlagVisible } from '@/lib/portal-visibility';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ZipList, ZipsHidden } from '../components/zip-list';

/** /zip: the ZIP codes the agent receives seller leads for (hidden when the office manages them). */
export function ZipPage() {
  useDocumentTitle('ZIP codes');
  const { me } = useAuth();
  const visible = me ? portalFlagVisible(me, 'can_see_portal_zips') : false;
  const canEdit = me
    ? me.agent_profile !== null && portalFlagVisible(me, 'can_see_portal_onboarding')
    : false;
  return (
    <div className="grid max-w-4xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">ZIP codes</h1>
        <p className="text-muted-foreground">
          The ZIP codes you receive seller leads for. A lead is sent to you when the property's ZIP code is in
          this list.
        </p>
      </div>
      {!visible ? (
        <ZipsHidden />
      ) : !me?.agent_profile ? (
        <Alert variant="destructive">
          <AlertTitle>No agent profile</AlertTitle>
          <AlertDescription>
            <p>ZIP codes belong to an agent profile, and this account has none. Please contact the office.</p>
          </AlertDescription>
        </Alert>
      ) : (
        <ZipList changeHref={canEdit ? paths.onboardingPage.href('leadRouting/service_area') : null} />
      )}
    </div>
  );
}
