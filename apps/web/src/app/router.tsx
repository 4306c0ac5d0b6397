import { LOADING_OVERLAY, normalisePath } from '@portal/shared';
import { type ComponentType, useEffect, useState } from 'react';
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
import {
  ONBOARDING_PAGES,
  ONBOARDING_SECTION_FIRST_PAGES,
  type OnboardingPagePath,
  paths,
  RECOVERY_LANGS,
  SIGNUP_STEP_PAGES,
} from '@/config/paths';
import { isPrerenderedPath } from '@/config/prerender';
import { LoginPage } from '@/features/auth/pages/login-page';
import { errorMessage, isApiError, onAuthLost } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import {
  canReloadForChunkError,
  isChunkLoadError,
  isReloadingForChunkError,
  reloadForChunkError,
} from '@/lib/chunk-reload';
import { landingShellShown, removeLandingShell } from '@/lib/landing-shell';
import { decideRoute } from './guards';
import { DefaultLayout } from './layouts/default-layout';

/**
 * Always rendered: the start-up overlay, and the way out when the server ends a session. A
 * prerendered public page has no overlay: it is already on screen; nor has /leads when its HTML
 * frame is (lib/landing-shell.ts), which stays until the session is known.
 */
function RootShell() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [overlay] = useState(() => !isPrerenderedPath(normalisePath(pathname)) && !landingShellShown());

  // index.html's splash (the same overlay as plain HTML) until this first render is on screen.
  useEffect(() => {
    document.getElementById('splash')?.remove();
  }, []);

  // The HTML frame of /leads until the session is known: then the page it stood for (or the one
  // the rules send to instead) is drawn. Like the overlay, it gives way to the page's own loading
  // state if that takes longer than LOADING_OVERLAY.forceHideMs.
  useEffect(() => {
    if (auth.initialised) {
      removeLandingShell();
      return;
    }
    const timer = setTimeout(removeLandingShell, LOADING_OVERLAY.forceHideMs);
    return () => clearTimeout(timer);
  }, [auth.initialised]);

  useEffect(
    () =>
      onAuthLost(() => {
        navigate(paths.login.href(), { replace: true });
      }),
    [navigate],
  );

  return (
    <>
      {overlay ? <LoadingOverlay initialised={auth.initialised} /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * The status the API gave when the account could not be loaded; 503 (unavailable) only when no
 * answer came at all (the network, or a server that is down).
 */
const accountErrorStatus = (error: unknown) =>
  isApiError(error) && error.status >= 400 ? error.status : 503;

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
          status={accountErrorStatus(auth.error)}
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

/**
 * A page that threw while rendering or loading. A page whose code did not load (a deploy replaced
 * it) reloads once instead (lib/chunk-reload.ts), and shows the error if that did not help.
 */
function RouteErrorPage() {
  const error = useRouteError();
  const [reloadRefused, setReloadRefused] = useState(false);
  const reload =
    !reloadRefused && (isReloadingForChunkError() || (isChunkLoadError(error) && canReloadForChunkError()));
  useEffect(() => {
    if (reload) {
      if (!reloadForChunkError()) setReloadRefused(true);
      return;
    }
    // On the first load the root shell, which removes index.html's splash, never rendered.
    document.getElementById('splash')?.remove();
    removeLandingShell();
  }, [reload]);
  if (reload) return <PageLoading label="Loading the latest version of the portal..." />;
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

/**
 * Pages load on first visit (code splitting): someone signing in never downloads the onboarding
 * uploader or the signup wizard. `lazy` resolves before the route renders. Only the sign-in page
 * and the public layout come with the first load (scripts/first-load.mjs weighs it).
 */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const recoveryPages = () => import('@/features/auth/pages/recovery-pages');
const recoveryRequest = page(recoveryPages, (m) => m.RecoveryRequestPage);
const recoveryConfirm = page(recoveryPages, (m) => m.RecoveryConfirmPage);
const profilePages = () => import('@/features/profile/pages/profile-pages');
const adminPage = (load: () => Promise<Record<string, unknown>>, name: string): RouteObject['lazy'] =>
  page(load, (m) => m[name] as ComponentType);

/** The superuser console (DESIGN.md section 8): its own layout, one page per area. */
const adminRoutes: RouteObject = {
  path: paths.admin.path,
  lazy: page(
    () => import('@/features/admin/components/admin-layout'),
    (m) => m.AdminLayout,
  ),
  children: [
    {
      index: true,
      lazy: adminPage(() => import('@/features/admin/pages/overview-page'), 'AdminOverviewPage'),
    },
    {
      path: paths.adminAgents.path,
      lazy: adminPage(() => import('@/features/admin/pages/agents-page'), 'AdminAgentsPage'),
    },
    {
      path: paths.adminAgent.path,
      lazy: adminPage(() => import('@/features/admin/pages/agent-page'), 'AdminAgentPage'),
    },
    {
      path: paths.adminAgentPreview.path,
      lazy: adminPage(() => import('@/features/admin/pages/agent-preview-page'), 'AdminAgentPreviewPage'),
    },
    {
      path: paths.adminAccessCodes.path,
      lazy: adminPage(() => import('@/features/admin/pages/access-codes-page'), 'AdminAccessCodesPage'),
    },
    {
      path: paths.adminCorporate.path,
      lazy: adminPage(() => import('@/features/admin/pages/corporate-page'), 'AdminCorporatePage'),
    },
    {
      path: paths.adminGroup.path,
      lazy: adminPage(() => import('@/features/admin/pages/group-page'), 'AdminGroupPage'),
    },
    {
      path: paths.adminApiKeys.path,
      lazy: adminPage(() => import('@/features/admin/pages/api-keys-page'), 'AdminApiKeysPage'),
    },
    {
      path: paths.adminLeads.path,
      lazy: adminPage(() => import('@/features/admin/pages/leads-page'), 'AdminLeadsPage'),
    },
    {
      path: paths.adminLeadsImport.path,
      lazy: adminPage(() => import('@/features/admin/pages/leads-import-page'), 'AdminLeadsImportPage'),
    },
    {
      path: paths.adminMessages.path,
      lazy: adminPage(() => import('@/features/admin/pages/messages-page'), 'AdminMessagesPage'),
    },
    {
      path: paths.adminAudit.path,
      lazy: adminPage(() => import('@/features/admin/pages/audit-page'), 'AdminAuditPage'),
    },
    {
      path: paths.adminSettings.path,
      lazy: adminPage(() => import('@/features/admin/pages/settings-page'), 'AdminSettingsPage'),
    },
    {
      path: paths.adminScorecards.path,
      lazy: adminPage(() => import('@/features/admin/pages/scorecards-page'), 'AdminScorecardsPage'),
    },
    {
      path: paths.adminBilling.path,
      lazy: adminPage(() => import('@/features/admin/pages/billing-page'), 'AdminBillingPage'),
    },
  ],
};
const routingPages = () => import('@/features/routing/pages/routing-pages');

/** Onboarding pages built so far; the others say what they will ask for. */
const ONBOARDING_PAGE_LOADERS: Partial<Record<OnboardingPagePath, RouteObject['lazy']>> = {
  'start/introduction': page(
    () => import('@/features/onboarding/pages/introduction-page'),
    (m) => m.IntroductionPage,
  ),
  'start/my_team': page(
    () => import('@/features/onboarding/pages/my-team-page'),
    (m) => m.MyTeamPage,
  ),
  'start/broker_of_record': page(
    () => import('@/features/onboarding/pages/broker-of-record-page'),
    (m) => m.BrokerOfRecordPage,
  ),
  'media/headshots': page(
    () => import('@/features/onboarding/pages/headshots-page'),
    (m) => m.HeadshotsPage,
  ),
  'media/additional_photos': page(
    () => import('@/features/onboarding/pages/additional-photos-page'),
    (m) => m.AdditionalPhotosPage,
  ),
  'media/Branding': page(
    () => import('@/features/onboarding/pages/branding-page'),
    (m) => m.BrandingPage,
  ),
  'leadRouting/lead_routing': page(
    () => import('@/features/onboarding/pages/lead-routing-page'),
    (m) => m.LeadRoutingPage,
  ),
  'leadRouting/service_area': page(
    () => import('@/features/onboarding/pages/service-area-page'),
    (m) => m.ServiceAreaPage,
  ),
  'video/video_introduction': page(
    () => import('@/features/onboarding/pages/video-introduction-page'),
    (m) => m.VideoIntroductionPage,
  ),
  'video/videos_upload': page(
    () => import('@/features/onboarding/pages/videos-upload-page'),
    (m) => m.VideosUploadPage,
  ),
  'video/script_instructions': page(
    () => import('@/features/onboarding/pages/script-instructions-page'),
    (m) => m.ScriptInstructionsPage,
  ),
  'Licences/licenses_details': page(
    () => import('@/features/onboarding/pages/licenses-details-page'),
    (m) => m.LicensesDetailsPage,
  ),
  'Licences/eo_insurance': page(
    () => import('@/features/onboarding/pages/eo-insurance-page'),
    (m) => m.EoInsurancePage,
  ),
  'Licences/mls_compliance': page(
    () => import('@/features/onboarding/pages/mls-compliance-page'),
    (m) => m.MlsCompliancePage,
  ),
  'agreements/service_agreement': page(
    () => import('@/features/onboarding/pages/agreement-pages'),
    (m) => m.ServiceAgreementPage,
  ),
  'agreements/master_referral_agreement': page(
    () => import('@/features/onboarding/pages/agreement-pages'),
    (m) => m.MasterReferralAgreementPage,
  ),
};

function onboardingRoute(onboardingPage: OnboardingPagePath): RouteObject {
  const path = paths.onboardingPage.path(onboardingPage);
  // The earlier upload page is gone: its address leads to the current one.
  if (onboardingPage === 'video/videos_upload_old') {
    return { path, element: <Navigate to={paths.onboardingPage.href('video/videos_upload')} replace /> };
  }
  return {
    path,
    lazy:
      ONBOARDING_PAGE_LOADERS[onboardingPage] ??
      (async () => {
        const { OnboardingStepPage } = await import('@/features/onboarding/pages/onboarding-step-page');
        return { Component: () => <OnboardingStepPage page={onboardingPage} /> };
      }),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    // A deep link waits for its page's code on the first load: say so, instead of a blank page
    // (and React Router's "No HydrateFallback element" warning on every deep link).
    hydrateFallbackElement: <PageLoading label="Loading the page..." />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          {
            element: <DefaultLayout />,
            children: [
              {
                path: paths.home.path,
                lazy: page(
                  () => import('@/features/site/pages/home-page'),
                  (m) => m.HomePage,
                ),
              },
              { path: paths.login.path, element: <LoginPage /> },
              {
                path: paths.signup.path,
                lazy: page(
                  () => import('@/features/signup/pages/signup-page'),
                  (m) => m.SignupPage,
                ),
              },
              {
                path: paths.signupChoosePassword.path,
                lazy: page(
                  () => import('@/features/signup/pages/choose-password-page'),
                  (m) => m.ChoosePasswordPage,
                ),
              },
              {
                path: paths.signupConfirm.path,
                lazy: page(
                  () => import('@/features/signup/pages/confirm-registration-page'),
                  (m) => m.ConfirmRegistrationPage,
                ),
              },
              ...SIGNUP_STEP_PAGES.map((step) => ({
                path: paths.signupStep.path(step),
                lazy: async () => ({
                  element: (await import('@/features/signup/pages/wizard-pages')).SIGNUP_WIZARD_PAGES[step],
                }),
              })),
              { path: paths.recovery.path, lazy: recoveryRequest },
              { path: paths.recoveryConfirm.path, lazy: recoveryConfirm },
              ...RECOVERY_LANGS.flatMap((lang) => [
                { path: paths.localizedRecovery.path(lang), lazy: recoveryRequest },
                { path: paths.localizedRecoveryConfirm.path(lang), lazy: recoveryConfirm },
              ]),
              {
                path: paths.terms.path,
                lazy: page(
                  () => import('@/features/site/pages/terms-page'),
                  (m) => m.TermsPage,
                ),
              },
              {
                path: paths.thankYou.path,
                lazy: page(
                  () => import('@/features/site/pages/thank-you-page'),
                  (m) => m.ThankYouPage,
                ),
              },
              {
                path: paths.verifyEmail.path,
                lazy: page(
                  () => import('@/features/auth/pages/verify-email-page'),
                  (m) => m.VerifyEmailPage,
                ),
              },
              {
                path: paths.confirmRecipient.path,
                lazy: page(
                  () => import('@/features/auth/pages/confirm-recipient-page'),
                  (m) => m.ConfirmRecipientPage,
                ),
              },
              {
                path: paths.sign.path,
                lazy: page(
                  () => import('@/features/signing/pages/sign-page'),
                  (m) => m.SignPage,
                ),
              },
              {
                path: paths.verifyDocument.path,
                lazy: page(
                  () => import('@/features/signing/pages/verify-document-page'),
                  (m) => m.VerifyDocumentPage,
                ),
              },
            ],
          },
          {
            lazy: page(
              () => import('./layouts/dashboard-layout'),
              (m) => m.DashboardLayout,
            ),
            children: [
              {
                path: paths.leads.path,
                lazy: page(
                  () => import('./routes/leads-route'),
                  (m) => m.LeadsRoute,
                ),
              },
              {
                path: paths.zip.path,
                lazy: page(
                  () => import('@/features/zips/pages/zip-page'),
                  (m) => m.ZipPage,
                ),
              },
              {
                path: paths.profile.path,
                lazy: page(
                  () => import('@/features/profile/pages/profile-section'),
                  (m) => m.ProfileSection,
                ),
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('@/features/profile/pages/profile-overview-page'),
                      (m) => m.ProfileOverviewPage,
                    ),
                  },
                  { path: paths.profileTeam.path, lazy: page(profilePages, (m) => m.ProfileTeamPage) },
                  { path: paths.profileBroker.path, lazy: page(profilePages, (m) => m.ProfileBrokerPage) },
                  {
                    path: paths.profileLicenses.path,
                    lazy: page(profilePages, (m) => m.ProfileLicensesPage),
                  },
                ],
              },
              // The earlier profile page is gone: its address leads to the current one.
              { path: paths.profileOld.path, element: <Navigate to={paths.profile.href()} replace /> },
              {
                path: paths.routing.path,
                lazy: page(
                  () => import('@/features/routing/pages/routing-section'),
                  (m) => m.RoutingSection,
                ),
                children: [
                  { index: true, lazy: page(routingPages, (m) => m.RoutingRecipientsPage) },
                  { path: paths.routingCrm.path, lazy: page(routingPages, (m) => m.RoutingCrmPage) },
                  {
                    path: paths.routingTeamMembers.path,
                    lazy: page(routingPages, (m) => m.RoutingTeamMembersPage),
                  },
                ],
              },
              {
                path: paths.onboarding.path,
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('@/features/onboarding/pages/onboarding-page'),
                      (m) => m.OnboardingPage,
                    ),
                  },
                  ...ONBOARDING_PAGES.map(onboardingRoute),
                  ...Object.entries(ONBOARDING_SECTION_FIRST_PAGES).map(([section, first]) => ({
                    path: section,
                    element: <Navigate to={paths.onboardingPage.href(first)} replace />,
                  })),
                ],
              },
              {
                path: paths.faq.path,
                lazy: page(
                  () => import('@/features/resources/pages/faq-page'),
                  (m) => m.FaqPage,
                ),
              },
              {
                path: paths.billing.path,
                lazy: page(
                  () => import('@/features/billing/pages/billing-page'),
                  (m) => m.BillingPage,
                ),
              },
              {
                path: paths.accountPassword.path,
                lazy: page(
                  () => import('@/features/account/pages/change-password-page'),
                  (m) => m.ChangePasswordPage,
                ),
              },
              adminRoutes,
              {
                path: paths.devMailbox.path,
                lazy: page(
                  () => import('@/features/dev-mailbox/pages/dev-mailbox-page'),
                  (m) => m.DevMailboxPage,
                ),
              },
              {
                path: paths.devTemplates.path,
                lazy: page(
                  () => import('@/features/dev-mailbox/pages/dev-templates-page'),
                  (m) => m.DevTemplatesPage,
                ),
              },
            ],
          },
          // Without layout (SPEC.md section 2).
          {
            path: paths.magicLogin.path,
            lazy: page(
              () => import('@/features/auth/pages/magic-login-page'),
              (m) => m.MagicLoginPage,
            ),
          },
          {
            path: paths.corporateLogin.path,
            lazy: page(
              () => import('@/features/auth/pages/corporate-login-page'),
              (m) => m.CorporateLoginPage,
            ),
          },
          {
            path: paths.rating.path,
            lazy: page(
              () => import('@/features/rating/pages/rating-page'),
              (m) => m.RatingPage,
            ),
          },
        ],
      },
      // Outside the guard: an unknown path is "Page Not Found: /that/path" for everyone.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
