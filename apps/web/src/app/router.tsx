import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Navigate,
  Outlet,
  type RouteObject,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useRouteError,
} from 'react-router';
import { ErrorPage, NotFoundPage } from '@/components/error-page';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { ONBOARDING_PAGES, type OnboardingPagePath, paths, SIGNUP_STEP_PAGES } from '@/config/paths';
import { LoginPage } from '@/features/auth/pages/login-page';
import { MagicLoginPage } from '@/features/auth/pages/magic-login-page';
import { RecoveryConfirmPage, RecoveryRequestPage } from '@/features/auth/pages/recovery-pages';
import { VerifyEmailPage } from '@/features/auth/pages/verify-email-page';
import { DevMailboxPage } from '@/features/dev-mailbox/pages/dev-mailbox-page';
import { LeadsPage } from '@/features/leads/pages/leads-page';
import { AdditionalPhotosPage } from '@/features/onboarding/pages/additional-photos-page';
import { BrandingPage } from '@/features/onboarding/pages/branding-page';
import { HeadshotsPage } from '@/features/onboarding/pages/headshots-page';
import { OnboardingPage } from '@/features/onboarding/pages/onboarding-page';
import { OnboardingStepPage } from '@/features/onboarding/pages/onboarding-step-page';
import { VideoIntroductionPage } from '@/features/onboarding/pages/video-introduction-page';
import { VideosUploadPage } from '@/features/onboarding/pages/videos-upload-page';
import {
  ProfileBrokerPage,
  ProfileLicensesPage,
  ProfileOldPage,
  ProfileOverviewPage,
  ProfileTeamPage,
} from '@/features/profile/pages/profile-pages';
import { ProfileSection } from '@/features/profile/pages/profile-section';
import { RatingPage } from '@/features/rating/pages/rating-page';
import { FaqPage } from '@/features/resources/pages/faq-page';
import {
  RoutingCrmPage,
  RoutingRecipientsPage,
  RoutingTeamMembersPage,
} from '@/features/routing/pages/routing-pages';
import { RoutingSection } from '@/features/routing/pages/routing-section';
import { ChoosePasswordPage } from '@/features/signup/pages/choose-password-page';
import { SignupPage } from '@/features/signup/pages/signup-page';
import { SIGNUP_WIZARD_PAGES } from '@/features/signup/pages/wizard-pages';
import { HomePage } from '@/features/site/pages/home-page';
import { TermsPage } from '@/features/site/pages/terms-page';
import { ThankYouPage } from '@/features/site/pages/thank-you-page';
import { ZipPage } from '@/features/zips/pages/zip-page';
import { errorMessage, onAuthLost } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { decideRoute } from './guards';
import { DashboardLayout } from './layouts/dashboard-layout';
import { DefaultLayout } from './layouts/default-layout';

/** Always rendered: the start-up overlay, and the way out when the server ends a session. */
function RootShell() {
  const auth = useAuth();
  const navigate = useNavigate();

  useEffect(
    () =>
      onAuthLost(() => {
        navigate(paths.login.href(), { replace: true });
      }),
    [navigate],
  );

  return (
    <>
      <LoadingOverlay initialised={auth.initialised} />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Runs the shared access rules on every navigation and on every change of the session. */
function RouteGuard() {
  const auth = useAuth();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const decision = decideRoute(location, auth, typeof from === 'string' ? from : undefined);

  switch (decision.action) {
    case 'wait':
      return (
        <PageLoading label={auth.initialised ? 'Loading your dashboard...' : 'Checking authentication...'} />
      );
    case 'error':
      return (
        <ErrorPage
          status={503}
          message="Your account could not be loaded"
          description={<p>{errorMessage(auth.error, 'Please try again in a moment.')}</p>}
          actions={<Button onClick={auth.reloadMe}>Try again</Button>}
        />
      );
    case 'redirect':
      return (
        <Navigate to={decision.to} replace state={decision.from ? { from: decision.from } : undefined} />
      );
    default:
      return <Outlet />;
  }
}

/** A page that threw while rendering or loading. */
function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={error.statusText || undefined} />;
  }
  return (
    <ErrorPage
      status={500}
      description={
        <p>Something went wrong on this page. Reloading it usually helps; if not, please tell the office.</p>
      }
    />
  );
}

/** Onboarding pages built so far; the others say what they will ask for. */
const ONBOARDING_PAGE_ELEMENTS: Partial<Record<OnboardingPagePath, ReactNode>> = {
  'media/headshots': <HeadshotsPage />,
  'media/additional_photos': <AdditionalPhotosPage />,
  'media/Branding': <BrandingPage />,
  'video/video_introduction': <VideoIntroductionPage />,
  'video/videos_upload': <VideosUploadPage />,
  // The earlier upload page is gone: its address leads to the current one.
  'video/videos_upload_old': <Navigate to={paths.onboardingPage.href('video/videos_upload')} replace />,
};

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          {
            element: <DefaultLayout />,
            children: [
              { path: paths.home.path, element: <HomePage /> },
              { path: paths.login.path, element: <LoginPage /> },
              { path: paths.signup.path, element: <SignupPage /> },
              { path: paths.signupChoosePassword.path, element: <ChoosePasswordPage /> },
              ...SIGNUP_STEP_PAGES.map((step) => ({
                path: paths.signupStep.path(step),
                element: SIGNUP_WIZARD_PAGES[step],
              })),
              { path: paths.recovery.path, element: <RecoveryRequestPage /> },
              { path: paths.recoveryConfirm.path, element: <RecoveryConfirmPage /> },
              { path: paths.localizedRecovery.path, element: <RecoveryRequestPage /> },
              { path: paths.localizedRecoveryConfirm.path, element: <RecoveryConfirmPage /> },
              { path: paths.terms.path, element: <TermsPage /> },
              { path: paths.thankYou.path, element: <ThankYouPage /> },
              { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
            ],
          },
          {
            element: <DashboardLayout />,
            children: [
              { path: paths.leads.path, element: <LeadsPage /> },
              { path: paths.zip.path, element: <ZipPage /> },
              {
                path: paths.profile.path,
                element: <ProfileSection />,
                children: [
                  { index: true, element: <ProfileOverviewPage /> },
                  { path: paths.profileTeam.path, element: <ProfileTeamPage /> },
                  { path: paths.profileBroker.path, element: <ProfileBrokerPage /> },
                  { path: paths.profileLicenses.path, element: <ProfileLicensesPage /> },
                ],
              },
              { path: paths.profileOld.path, element: <ProfileOldPage /> },
              {
                path: paths.routing.path,
                element: <RoutingSection />,
                children: [
                  { index: true, element: <RoutingRecipientsPage /> },
                  { path: paths.routingCrm.path, element: <RoutingCrmPage /> },
                  { path: paths.routingTeamMembers.path, element: <RoutingTeamMembersPage /> },
                ],
              },
              {
                path: paths.onboarding.path,
                children: [
                  { index: true, element: <OnboardingPage /> },
                  ...ONBOARDING_PAGES.map((page) => ({
                    path: paths.onboardingPage.path(page),
                    element: ONBOARDING_PAGE_ELEMENTS[page] ?? <OnboardingStepPage page={page} />,
                  })),
                ],
              },
              { path: paths.faq.path, element: <FaqPage /> },
              { path: paths.devMailbox.path, element: <DevMailboxPage /> },
            ],
          },
          // Without layout (SPEC.md section 2).
          { path: paths.magicLogin.path, element: <MagicLoginPage /> },
          { path: paths.rating.path, element: <RatingPage /> },
        ],
      },
      // Outside the guard: an unknown path is "Page Not Found: /that/path" for everyone.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
