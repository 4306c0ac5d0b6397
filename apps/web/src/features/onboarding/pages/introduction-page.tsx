import { Link } from 'react-router';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ONBOARDING_PAGE_COPY, ONBOARDING_SECTIONS } from '../components/onboarding-pages';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';
import { StoredStepNote } from '../components/step-notes';

/** What each onboarding section is for, by its title in ONBOARDING_SECTIONS. */
const SECTION_PURPOSE: Record<string, string> = {
  'Start Here':
    'This introduction, your real-estate team if you have one, and your broker of record, who co-signs the master referral agreement.',
  'Media Upload': 'Your headshots, other photos and logos: the advertising sellers see is built from them.',
  'Lead Routing':
    'Who receives your leads besides you and how (text, e-mail, phone call), and the area you serve.',
  Licences:
    'Your real-estate licences, your errors and omissions (E&O) insurance, and the MLS rules your advertising follows.',
  Videos: 'Short videos of you talking to sellers: why, the scripts to read, and the upload.',
  Agreements: 'The service agreement and the master referral agreement, signed online.',
};

/** /onboarding/start/introduction: the welcome, what the programme is and what onboarding asks. */
export function IntroductionPage() {
  const firstName = useAuth().me?.agent_profile?.agent_first_name;
  return (
    <OnboardingStepLayout
      confirmStep="introduction"
      page="start/introduction"
      intro={
        <p>
          {firstName ? `Welcome, ${firstName}. ` : 'Welcome. '}
          This page explains what the programme does for you and what each part of your onboarding is for.
        </p>
      }
    >
      <StoredStepNote uploads={false} />
      <Card>
        <CardTitle>What the programme is</CardTitle>
        <CardContent>
          <p>
            We advertise to homeowners in your service area who are thinking of selling, and send the ones who
            respond to you as <strong>seller leads</strong>. The advertising carries your name, photos, videos
            and brokerage, so sellers already know who will call them.
          </p>
          <ul className="grid list-disc gap-2 pl-5">
            <li>
              <strong>Routed by ZIP code.</strong> Each lead goes to an agent whose service area contains the
              ZIP code of the property and who accepts its lead type (for sale by owner, expired listing,
              inherited home and others). You choose both.
            </li>
            <li>
              <strong>Delivered at once.</strong> A new lead reaches you and the people you choose, such as
              your team members, by text message, e-mail and/or a phone call, as you set for each of them.
            </li>
            <li>
              <strong>Call quickly.</strong> Sellers talk to the first agent who calls back: the sooner you
              call, the better your chance of the listing.
            </li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardTitle>Your onboarding, part by part</CardTitle>
        <CardContent>
          <ul className="grid gap-4">
            {ONBOARDING_SECTIONS.map((section) => (
              <li key={section.title} className="grid gap-1">
                <h3 className="font-semibold">{section.title}</h3>
                <p className="text-sm text-muted-foreground">{SECTION_PURPOSE[section.title]}</p>
                <ul aria-label={`${section.title} steps`} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {section.pages.map((page) => (
                    <li key={page}>
                      <Link to={paths.onboardingPage.href(page)}>{ONBOARDING_PAGE_COPY[page].title}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardTitle>How long it takes</CardTitle>
          <CardContent>
            <p>
              Most steps take a few minutes. Allow about an hour for the whole onboarding, plus the time to
              record your videos.
            </p>
            <p>
              You do not have to do it in one sitting: what you save stays, and the{' '}
              <Link to={paths.onboarding.href()}>onboarding overview</Link> shows what is left. Your
              advertising can start once every step is done and both agreements are signed.
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardTitle>Who to contact</CardTitle>
          <CardContent>
            <p>
              The office is here to help. Reply to any e-mail we have sent you, or ask on your onboarding
              call, and a person will answer.
            </p>
            <p>
              Many questions are answered in the <Link to={paths.faq.href()}>frequently asked questions</Link>
              .
            </p>
          </CardContent>
        </Card>
      </div>
    </OnboardingStepLayout>
  );
}
