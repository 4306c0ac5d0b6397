import { Link } from 'react-router';
import { PlannedPage } from '@/components/planned-page';
import { paths } from '@/config/paths';
import { ProfilePhotos } from '../components/profile-photos';

const meanwhile = (
  <p>
    To change any of these details now, e-mail the office with the correction; they will update your record
    for you.
  </p>
);

export function ProfileOverviewPage() {
  return (
    <div className="grid gap-10">
      <PlannedPage
        level={2}
        title="Your details"
        intro="How you appear to sellers and how we reach you."
        upcoming={[
          'Your name, e-mail, phone, brokerage and mailing address, which you can edit.',
          'Your time zone, mobile device and the lead types you accept (FSBO, expired, divorced, recent buyers, absentee, high sell score, old expired, inherited).',
        ]}
        meanwhile={meanwhile}
      />
      <ProfilePhotos />
    </div>
  );
}

export function ProfileTeamPage() {
  return (
    <PlannedPage
      level={2}
      title="Team"
      intro="Your real-estate team, if you work with one."
      upcoming={[
        'Whether you have a team, its name and its logo.',
        'Your sub-agents with their tracking phone numbers, and notes about them.',
      ]}
      meanwhile={meanwhile}
    />
  );
}

export function ProfileBrokerPage() {
  return (
    <PlannedPage
      level={2}
      title="Broker of record"
      intro="The broker who signs the master referral agreement with you."
      upcoming={[
        "Your broker of record's name, phone and e-mail.",
        'Whether the broker is also the billing contact, or who the billing contact is.',
      ]}
      meanwhile={meanwhile}
    />
  );
}

export function ProfileLicensesPage() {
  return (
    <PlannedPage
      level={2}
      title="Licences"
      intro="The real-estate licences you hold."
      upcoming={[
        'For each licence: its number, state, type and expiry date, with a way to add, correct or remove it.',
      ]}
      meanwhile={meanwhile}
    />
  );
}

export function ProfileOldPage() {
  return (
    <PlannedPage
      title="Previous profile page"
      intro="The earlier version of your profile page."
      upcoming={['Everything this page used to show is moving to the new Profile page.']}
      meanwhile={
        <p>
          Use <Link to={paths.profile.href()}>your profile</Link> instead.
        </p>
      }
    />
  );
}
