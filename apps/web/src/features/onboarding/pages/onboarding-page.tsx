import { Link } from 'react-router';
import { PlannedPage } from '@/components/planned-page';
import { Card, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ONBOARDING_PAGE_COPY, ONBOARDING_SECTIONS } from '../components/onboarding-pages';

export function OnboardingPage() {
  return (
    <PlannedPage
      title="Onboarding"
      intro="Everything we need from you before your advertising goes live."
      upcoming={[
        'Your checklist in five sections (Start Here, Media Upload, Lead Routing, Licences, Videos), each marked not started, in progress or completed.',
        'Your two agreements, the service agreement and the master referral agreement, and where each signature stands.',
        'Each step saves as you go and shows at once when it is complete.',
      ]}
      meanwhile={
        <p>
          Read below what each step will ask for and gather it: headshots, logos, licence numbers, your
          E&amp;O certificate, your broker's details. Our onboarding team will collect it with you by e-mail
          or on your welcome call.
        </p>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {ONBOARDING_SECTIONS.map((section) => (
          <Card key={section.title} className="gap-3">
            <CardTitle>{section.title}</CardTitle>
            <ul className="grid gap-1">
              {section.pages.map((page) => (
                <li key={page}>
                  <Link to={paths.onboardingPage.href(page)}>{ONBOARDING_PAGE_COPY[page].title}</Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </PlannedPage>
  );
}
