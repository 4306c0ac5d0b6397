// The providers' account limits on the messages page: each limit and how close the network runs.
import { formatCount } from '@/components/leads/lead-format';
import { useProviderLimits } from '../api/outbox';
import { Skeleton } from './load-error';
import { formatWhen } from './when';

function Limit({ label, value, detail }: { label: string; value: string | undefined; detail?: string }) {
  return (
    <div className="grid gap-1 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="grid gap-1">
        {value === undefined ? (
          <Skeleton className="h-7 w-24" />
        ) : (
          <span className="text-xl font-semibold tabular-nums">{value}</span>
        )}
        {detail ? <span className="text-sm text-muted-foreground">{detail}</span> : null}
      </dd>
    </div>
  );
}

/** Every process together: texts started per second on the Twilio account, SMTP connections held. */
export function ProviderLimits() {
  const limits = useProviderLimits();
  if (limits.isError) return null;
  const data = limits.data;
  const texts = data?.texts;
  return (
    <section aria-labelledby="provider-limits-title" className="grid gap-3">
      <h2 id="provider-limits-title" className="text-base font-semibold">
        Provider limits, all servers together
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Limit
          label="Texts and calls per second"
          value={
            texts
              ? `Busiest second ${formatCount(texts.peak_second)} of ${formatCount(texts.per_second)}`
              : undefined
          }
          detail={
            texts
              ? texts.paused_until
                ? `Twilio asked us to wait until ${formatWhen(texts.paused_until)}`
                : `In the last hour${texts.peak_at ? `, at ${formatWhen(texts.peak_at)}` : ''}`
              : undefined
          }
        />
        <Limit
          label="Texts and calls in the last minute"
          value={texts ? formatCount(texts.last_minute) : undefined}
          detail={texts ? `At most ${formatCount(texts.per_second * 60)} a minute` : undefined}
        />
        <Limit
          label="SMTP connections"
          value={
            data
              ? `${formatCount(data.smtp.in_use)} of ${formatCount(data.smtp.connections)} in use`
              : undefined
          }
          detail="Held now by the servers sending e-mail"
        />
      </dl>
    </section>
  );
}
