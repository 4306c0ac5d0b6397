import { Link } from 'react-router';
import { PlannedPage } from '@/components/planned-page';
import { type OnboardingPagePath, paths } from '@/config/paths';
import { ONBOARDING_PAGE_COPY, ONBOARDING_SECTIONS } from '../components/onboarding-pages';
import { OnboardingPager } from '../components/onboarding-step-layout';

/** One onboarding step that is not built yet: what it will ask and what to do meanwhile. */
export function OnboardingStepPage({ page }: { page: OnboardingPagePath }) {
  const { title, what } = ONBOARDING_PAGE_COPY[page];
  const section = ONBOARDING_SECTIONS.find((candidate) => candidate.pages.includes(page));
  return (
    <div className="grid gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={paths.onboarding.href()}>Onboarding</Link>
        {section ? <span className="text-muted-foreground"> / {section.title}</span> : null}
      </nav>
      <PlannedPage
        title={title}
        intro={
          section ? `A step of the ${section.title} section of your onboarding.` : 'Part of your onboarding.'
        }
        upcoming={what}
        meanwhile={
          <p>
            You cannot complete this step in the portal yet. Our onboarding team will go through it with you
            by e-mail or on your welcome call; if you already have what it asks for, keep it at hand.
          </p>
        }
      />
      <OnboardingPager page={page} />
    </div>
  );
}
