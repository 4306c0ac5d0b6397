import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '@/components/error-page';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isRecoveryLang, paths, type RecoveryLang } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RecoveryConfirmForm } from '../components/recovery-confirm-form';
import { RECOVERY_COPY } from '../components/recovery-copy';
import { RecoveryRequestForm } from '../components/recovery-request-form';

/**
 * /recovery has no prefix (English); /en/... and /es/... choose the language (the router has a
 * route for each, router.tsx: any other prefix is the 404 page).
 */
function useRecoveryLang(): { lang: RecoveryLang; prefixed: boolean } | null {
  const prefix = useLocation().pathname.split('/')[1]?.toLowerCase();
  if (prefix === 'recovery') return { lang: 'en', prefixed: false };
  return isRecoveryLang(prefix) ? { lang: prefix, prefixed: true } : null;
}

function RecoveryFrame({
  lang,
  title,
  intro,
  otherLanguageHref,
  children,
}: {
  lang: RecoveryLang;
  title: string;
  intro: string;
  otherLanguageHref: string;
  children: ReactNode;
}) {
  const copy = RECOVERY_COPY[lang];
  useDocumentTitle(title);
  return (
    <div lang={lang} className="mx-auto grid w-full max-w-md gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{intro}</CardDescription>
        </CardHeader>
        {children}
      </Card>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <Link to={paths.login.href()}>{copy.backToLogin}</Link>
        <Link to={otherLanguageHref} lang={copy.otherLanguage.lang} hrefLang={copy.otherLanguage.lang}>
          {copy.otherLanguage.label}
        </Link>
      </div>
    </div>
  );
}

export function RecoveryRequestPage() {
  const resolved = useRecoveryLang();
  if (!resolved) return <NotFoundPage as="div" />;
  const copy = RECOVERY_COPY[resolved.lang];
  return (
    <RecoveryFrame
      lang={resolved.lang}
      title={copy.requestTitle}
      intro={copy.requestIntro}
      otherLanguageHref={paths.recovery.href(copy.otherLanguage.lang)}
    >
      <RecoveryRequestForm lang={resolved.lang} />
    </RecoveryFrame>
  );
}

export function RecoveryConfirmPage() {
  const resolved = useRecoveryLang();
  const { token = '' } = useParams();
  if (!resolved) return <NotFoundPage as="div" />;
  const copy = RECOVERY_COPY[resolved.lang];
  return (
    <RecoveryFrame
      lang={resolved.lang}
      title={copy.confirmTitle}
      intro={copy.confirmIntro}
      otherLanguageHref={paths.recoveryConfirm.href(token, copy.otherLanguage.lang)}
    >
      <RecoveryConfirmForm token={token} lang={resolved.lang} />
    </RecoveryFrame>
  );
}
