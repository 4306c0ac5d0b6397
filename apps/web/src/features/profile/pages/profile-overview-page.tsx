import { EmailSettings } from '@/components/preferences/email-settings';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DetailsForm } from '../components/details-form';
import { ProfilePhotos } from '../components/profile-photos';

/** /profile: the agent's own details and e-mail settings, then the photos on their profile. */
export function ProfileOverviewPage() {
  useDocumentTitle('Your details');
  const me = useAuth().me;
  const agent = me?.agent_profile ?? null;
  return (
    // Two columns from xl: the details, and the photos beside them.
    <div className="grid gap-10 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      <section aria-labelledby="profile-details" className="grid max-w-4xl min-w-0 gap-4">
        <div className="grid gap-1">
          <h2 id="profile-details" className="text-2xl font-semibold tracking-tight">
            Your details
          </h2>
          <p className="text-muted-foreground">How you appear to sellers and how we reach you.</p>
        </div>
        {me && agent ? (
          <>
            <DetailsForm agent={agent} signInEmail={me.email} />
            <EmailSettings headingLevel="h3" />
          </>
        ) : (
          <Alert variant="destructive">
            <AlertTitle>No agent profile</AlertTitle>
            <AlertDescription>
              <p>
                Details are kept with an agent profile, and this account has none. Please contact the office.
              </p>
            </AlertDescription>
          </Alert>
        )}
      </section>
      <ProfilePhotos />
    </div>
  );
}
