import type { Billing } from '@portal/shared';
import { useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useBilling } from '@/lib/billing-api';
import { useElementWidth } from '@/lib/use-element-width';
import { BalanceSummary, RateSummary } from './billing-summary';
import { InvoicesList } from './invoices-list';
import { MissingStatements } from './missing-statements';
import { PaymentsList } from './payments-list';

/**
 * Below this width the invoices' eight columns would squeeze the lead's name and address: one
 * card per invoice (and per payment) instead, as on a phone.
 */
const TABLE_MIN_WIDTH = 720;

/**
 * The agent's statement: the balance and the rate at the top, then what needs doing (closing
 * documents missing), the invoices, the payments and how to pay.
 */
export function BillingStatement() {
  const billing = useBilling();
  const container = useRef<HTMLDivElement>(null);
  const wide = useElementWidth(container) >= TABLE_MIN_WIDTH;
  return (
    <div ref={container} data-layout={wide ? 'table' : 'cards'} className="grid min-w-0 gap-8">
      {billing.data ? (
        <Statement billing={billing.data} wide={wide} />
      ) : billing.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Your statement could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(billing.error)}</p>
            <Button
              variant="outline"
              className="justify-self-start"
              pending={billing.isFetching}
              onClick={() => void billing.refetch()}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <StatementSkeleton />
      )}
    </div>
  );
}

function Statement({ billing, wide }: { billing: Billing; wide: boolean }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <BalanceSummary billing={billing} />
        <RateSummary billing={billing} />
      </div>
      <MissingStatements items={billing.missing_statements} />
      <InvoicesList invoices={billing.invoices} wide={wide} />
      <PaymentsList payments={billing.payments} wide={wide} />
      <HowToPay text={billing.how_to_pay} />
    </>
  );
}

/** The balance's "How to pay" link leads here (#how-to-pay). */
function HowToPay({ text }: { text: string }) {
  return (
    <section aria-labelledby="how-to-pay" className="grid gap-2">
      <h2 id="how-to-pay" className="scroll-mt-20 text-lg font-semibold">
        How to pay
      </h2>
      <p className="whitespace-pre-line">{text.trim() || 'Ask the office how to pay your invoices.'}</p>
      <p className="text-sm text-muted-foreground">
        Put the invoice number in the reference of your payment, so that it is matched to the invoice.
      </p>
    </section>
  );
}

/** Grey blocks shaped like the statement while it loads; its label is read out. */
function StatementSkeleton() {
  return (
    <div role="status" className="grid gap-8">
      <p className="sr-only">Loading your statement…</p>
      <div aria-hidden="true" className="grid animate-pulse gap-8 motion-reduce:animate-none">
        <div className="grid gap-4 sm:grid-cols-2">
          {[0, 1].map((block) => (
            <div key={block} className="grid gap-3 rounded-xl border border-border p-5">
              <div className="h-4 w-28 rounded bg-foreground/10" />
              <div className="h-8 w-36 rounded bg-foreground/10" />
              <div className="h-4 w-2/3 rounded bg-foreground/10" />
            </div>
          ))}
        </div>
        <div className="grid gap-3">
          <div className="h-6 w-32 rounded bg-foreground/10" />
          {['w-full', 'w-11/12', 'w-5/6'].map((width) => (
            <div key={width} className={`h-12 ${width} rounded bg-foreground/10`} />
          ))}
        </div>
      </div>
    </div>
  );
}
