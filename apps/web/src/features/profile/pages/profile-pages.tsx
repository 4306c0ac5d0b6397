import { isStepComplete } from '@portal/shared';
import type * as React from 'react';
import { Link } from 'react-router';
import { BrokerageForm } from '@/components/agent-profile/brokerage-form';
import { LicencesForm } from '@/components/agent-profile/licences-form';
import { MissingAgentProfile } from '@/components/agent-profile/missing-agent-profile';
import { TeamForm } from '@/components/agent-profile/team-form';
import { MediaGallery } from '@/components/media/media-gallery';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FileUpload } from '@/components/upload/file-upload';
import { paths } from '@/config/paths';
import { useUpdateDetails } from '@/lib/agent-profile-api';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';

/** One part of /profile: its h2 (ProfileSection has the h1), what it is for, then its content. */
function ProfilePart({
  title,
  intro,
  children,
}: {
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="profile-part" className="grid max-w-4xl gap-6">
      <div className="grid gap-1">
        <h2 id="profile-part" className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
        <div className="text-muted-foreground">{intro}</div>
      </div>
      {children}
    </section>
  );
}

const saveButton = (label: string) => (pending: boolean) => (
  <div className="border-t border-border pt-5">
    <Button type="submit" pending={pending}>
      {label}
    </Button>
  </div>
);

/** /profile/team: team or not and its name, the team's logo, and where sub-agents are kept. */
export function ProfileTeamPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const save = useUpdateDetails();
  return (
    <ProfilePart title="Team" intro={<p>Your real-estate team, if you work with one.</p>}>
      {agent ? (
        <>
          <TeamForm
            agent={agent}
            onSave={async (answer) => {
              await save.mutateAsync(answer);
              toast.success('Team details saved');
            }}
            actions={saveButton('Save team details')}
          />
          {agent.has_real_estate_team === 'yes' ? (
            <Card className="p-4 sm:p-6">
              <CardHeader>
                <CardTitle as="h3">Team logo</CardTitle>
                <CardDescription>
                  {agent.real_estate_team_name
                    ? `The logo of ${agent.real_estate_team_name}, for your advertising.`
                    : 'The logo of your team, for your advertising.'}{' '}
                  A PNG with a transparent or white background works best.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <FileUpload kind="team_logo" label="Add team logos" />
                <MediaGallery kind="team_logo" urls={agent.team_logo_urls} />
              </CardContent>
            </Card>
          ) : null}
          <Card className="gap-2 p-4 sm:p-6">
            <CardTitle as="h3">Team members and sub-agents</CardTitle>
            <p className="text-sm">
              The people on your team who receive leads with you, and the sub-agents who work under you with
              their tracking phone numbers, are kept under{' '}
              <Link to={paths.routingTeamMembers.href()}>Routing: Team members</Link>.
            </p>
          </Card>
        </>
      ) : (
        <MissingAgentProfile what="Team details" />
      )}
    </ProfilePart>
  );
}

/** /profile/broker: the broker of record and the billing contact. */
export function ProfileBrokerPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const save = useUpdateDetails();
  return (
    <ProfilePart
      title="Broker of record"
      intro={
        <p>
          The broker who supervises your licence and signs the master referral agreement with you; we e-mail
          them the signing link at the address below.
        </p>
      }
    >
      {agent ? (
        <>
          {isStepComplete('broker_of_record', agent) ? null : (
            <Alert variant="info">
              <AlertDescription>
                <p>
                  Your broker details are not complete yet. The master referral agreement needs your broker's
                  name and e-mail, and your onboarding needs the rest of this page.
                </p>
              </AlertDescription>
            </Alert>
          )}
          <BrokerageForm
            agent={agent}
            onSave={async (values) => {
              await save.mutateAsync(values);
              toast.success('Broker of record saved');
            }}
            actions={saveButton('Save broker details')}
          />
        </>
      ) : (
        <MissingAgentProfile what="Broker details" />
      )}
    </ProfilePart>
  );
}

/** /profile/licenses: the licence list, with expiry warnings. */
export function ProfileLicensesPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const save = useUpdateDetails();
  return (
    <ProfilePart
      title="Licences"
      intro={
        <p>
          The real-estate licences you hold. Your advertising runs under them, so keep their expiry dates
          current: a licence shows a warning here from 90 days before it expires.
        </p>
      }
    >
      {agent ? (
        <LicencesForm
          agent={agent}
          onSave={async (licences) => {
            await save.mutateAsync({ licensed_states: licences });
            toast.success('Licences saved');
          }}
          actions={saveButton('Save licences')}
        />
      ) : (
        <MissingAgentProfile what="Licences" />
      )}
    </ProfilePart>
  );
}
