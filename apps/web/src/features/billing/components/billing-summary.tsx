import { type Billing, formatCents } from '@portal/shared';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '@/components/billing/download-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatRate } from '@/lib/billing-api';
import { cn } from '@/lib/utils';
import { formatDayOf, RATE_SOURCE_TEXT } from './billing-format';

const card = 'grid content-start gap-2 rounded-xl border border-border bg-card p-5 shadow-sm';

/** The head of the statement: what is owed, and how much of it is past due. */
export function BalanceSummary({ billing }: { billing: Billing }) {
  const headingId = useId();
  const { balance_cents: balance, overdue_cents: overdue } = billing;
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {balance < 0 ? 'Credit on your account' : 'Balance due'}
      </h2>
      <p className="text-3xl font-semibold tabular-nums">{formatCents(Math.abs(balance))}</p>
      {overdue > 0 ? (
        <p className="flex items-center gap-1.5 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          {formatCents(overdue)} of it is overdue.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {balance > 0
            ? 'Nothing is overdue.'
            : balance < 0
              ? 'It is taken off your next invoice.'
              : 'You owe nothing right now.'}
        </p>
      )}
      {balance > 0 ? (
        <p className="text-sm">
          <a href="#how-to-pay">How to pay</a>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The rate the fees are computed at, where it comes from, and the signed agreement that states
 * it; when the agreements state another rate than the agent's, a notice to sign them again.
 */
export function RateSummary({ billing }: { billing: Billing }) {
  const headingId = useId();
  const { agreement } = billing;
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Your referral fee
      </h2>
      <p className="text-3xl font-semibold tabular-nums">{formatRate(billing.rate_percent)}</p>
      <p>of the gross commission on each closed referred lead, {RATE_SOURCE_TEXT[billing.rate_source]}.</p>
      {agreement ? (
        <div className="grid justify-items-start gap-2 text-sm">
          <p className="text-muted-foreground">
            Stated in your {agreement.title}
            {agreement.signed_at ? `, signed on ${formatDayOf(agreement.signed_at)}` : ''}.
          </p>
          {agreement.pdf_url ? (
            <DownloadButton url={agreement.pdf_url} fileName="master-referral-agreement.pdf">
              Signed agreement (PDF)
            </DownloadButton>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No signed master referral agreement is on file yet.</p>
      )}
      {billing.agreement_outdated ? <OutdatedAgreement billing={billing} /> : null}
    </section>
  );
}

function OutdatedAgreement({ billing }: { billing: Billing }) {
  const stated = billing.agreement?.rate_percent;
  return (
    <Alert variant="info" className="mt-2">
      <AlertTitle>Your rate changed: sign your agreements again</AlertTitle>
      <AlertDescription>
        <p>
          Your referral fee is now {formatRate(billing.rate_percent)}
          {stated !== null && stated !== undefined
            ? `, but your signed agreements state ${formatRate(stated)}.`
            : ', which your signed agreements do not state.'}{' '}
          {billing.outdated_agreements.length > 1
            ? 'Both agreements are to be signed again at the new rate.'
            : 'The agreement is to be signed again at the new rate; the one you signed stays on file.'}
        </p>
        <p>
          <Link
            to={paths.onboardingPage.href(
              billing.outdated_agreements.includes('service')
                ? 'agreements/service_agreement'
                : 'agreements/master_referral_agreement',
            )}
            className={cn(buttonVariants({ variant: 'secondary' }), 'mt-1')}
          >
            Sign the agreements again
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}
