import type { AgentRecord } from '@portal/shared';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ServiceAreaEditor } from '@/components/service-area/service-area-editor';
import { ServiceAreaSaveBar, useServiceAreaSave } from '@/components/service-area/service-area-save';
import { useServiceAreaDraft } from '@/components/service-area/use-service-area-draft';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { portalFlagVisible } from '@/lib/portal-visibility';
import { cn } from '@/lib/utils';
import { ONBOARDING_ORDER, ONBOARDING_PAGE_COPY } from '../components/onboarding-pages';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';

const PAGE = 'leadRouting/service_area' as const;
const index = ONBOARDING_ORDER.indexOf(PAGE);
const previous = ONBOARDING_ORDER[index - 1];
const next = ONBOARDING_ORDER[index + 1];

/** The picker, then Back and "Save and continue" (saves, marks the step, opens the next page). */
function Editor({ record }: { record: AgentRecord }) {
  const navigate = useNavigate();
  const area = useServiceAreaDraft(record);
  const saving = useServiceAreaSave(area, () =>
    navigate(next ? paths.onboardingPage.href(next) : paths.onboarding.href()),
  );
  const link = cn(buttonVariants({ variant: 'outline' }), 'h-auto min-h-10 whitespace-normal text-left');
  return (
    <>
      <ServiceAreaEditor record={record} area={area} actions={<ServiceAreaSaveBar saving={saving} />} />
      <nav
        aria-label="Onboarding steps"
        className="flex flex-wrap justify-between gap-3 border-t border-border pt-6"
      >
        <Link to={previous ? paths.onboardingPage.href(previous) : paths.onboarding.href()} className={link}>
          <ArrowLeft aria-hidden="true" />
          {previous ? `Back to ${ONBOARDING_PAGE_COPY[previous].title}` : 'Back to the overview'}
        </Link>
        <Button
          type="button"
          className="h-auto min-h-10 whitespace-normal text-left"
          pending={saving.pending}
          onClick={() => saving.submit(true)}
        >
          {next ? `Save and continue to ${ONBOARDING_PAGE_COPY[next].title}` : 'Save and continue'}
          <ArrowRight aria-hidden="true" />
        </Button>
      </nav>
    </>
  );
}

/**
 * /onboarding/leadRouting/service_area: the states, counties and ZIP codes the agent serves.
 * "Save and continue" saves and marks the step done in one request (it needs a ZIP code).
 */
export function ServiceAreaPage() {
  const { me } = useAuth();
  const record = me?.agent_profile ?? null;
  const visible = me ? portalFlagVisible(me, 'can_see_portal_zips') : false;
  const editing = record !== null && visible;
  return (
    <OnboardingStepLayout
      page={PAGE}
      // The office sets the area of an agent who may not see their ZIP codes; the agent confirms.
      confirmStep={record && !visible ? 'service_area' : undefined}
      pager={!editing}
      intro={
        <div className="grid gap-2">
          <p>
            Leads are matched to you by the ZIP code of the property. Choose the counties you serve, untick
            the ZIP codes you do not want, and leave out whole cities if you need to.
          </p>
          <p>Nothing changes until you save; new leads follow your area from then on.</p>
        </div>
      }
    >
      {!record ? (
        <Alert variant="destructive">
          <AlertTitle>No agent profile</AlertTitle>
          <AlertDescription>
            <p>
              A service area belongs to an agent profile, and this account has none. Please contact the
              office.
            </p>
          </AlertDescription>
        </Alert>
      ) : !visible ? (
        <Alert variant="info">
          <AlertTitle>Your office manages your service area</AlertTitle>
          <AlertDescription>
            <p>
              Your office sets the ZIP codes you receive leads for. To change them, contact your office; once
              they are set, mark this step done.
            </p>
          </AlertDescription>
        </Alert>
      ) : (
        <Editor record={record} />
      )}
    </OnboardingStepLayout>
  );
}
