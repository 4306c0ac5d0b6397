import { type AgentRecord, displayTimeZone } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormError } from '@/components/form-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { startOfDayInZone } from '@/lib/time-zones';
import { useStepSubmit } from '@/lib/use-step-submit';
import { onboardingCallQueryOptions } from '../api/onboarding-call';
import { describeCall } from './call-booking';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The current time, renewed every minute (enough for a count in days and hours). */
function useNow(intervalMs = MINUTE) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const unit = (count: number, word: string) => (count === 1 ? word : `${word}s`);

function TimeLeft({ goLive, now, dayText }: { goLive: Date; now: number; dayText: string }) {
  const left = goLive.getTime() - now;
  if (left <= 0) {
    return (
      <p className="text-lg font-semibold">
        Your ads {left > -DAY ? 'go live today' : `went live on ${dayText}`}.
      </p>
    );
  }
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const tile =
    'grid min-w-28 justify-items-center rounded-lg border border-primary/30 bg-primary-soft px-5 py-3';
  const figure = 'text-4xl font-semibold tabular-nums text-primary-text';
  // One sentence, said once: the tiles are its words, "and" and the end are for screen readers.
  return (
    <p className="flex flex-wrap gap-3">
      <span className={tile}>
        <span className={figure}>{days}</span>{' '}
        <span className="text-sm text-muted-foreground">{unit(days, 'day')}</span>
      </span>
      <span className="sr-only"> and </span>
      <span className={tile}>
        <span className={figure}>{hours}</span>{' '}
        <span className="text-sm text-muted-foreground">{unit(hours, 'hour')}</span>
      </span>
      <span className="sr-only"> until your ads go live.</span>
    </p>
  );
}

/** The last step: how long until go-live, what happens meanwhile, and on into onboarding. */
export function Countdown({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('countdown', agent);
  const submit = useStepSubmit();
  const now = useNow();
  const call = useQuery(onboardingCallQueryOptions()).data?.call ?? null;
  const zone = displayTimeZone(agent.timezone);
  const date = agent.google_ads_date;
  const goLive = date ? startOfDayInZone(date, zone) : null;
  const dayText = goLive
    ? new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      }).format(goLive)
    : '';

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Time to go-live</CardTitle>
          {goLive ? <CardDescription>Your ads start on {dayText}.</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {goLive ? (
            <TimeLeft goLive={goLive} now={now} dayText={dayText} />
          ) : (
            <Alert variant="info">
              <AlertTitle>No go-live date yet</AlertTitle>
              <AlertDescription>
                <p>
                  You have not chosen a start date for your ads, so there is nothing to count down to. The
                  office will agree the date with you on your onboarding call.
                </p>
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="what-next" className="grid gap-3">
        <h2 id="what-next" className="text-lg font-semibold">
          What happens next
        </h2>
        <ol className="grid list-decimal gap-2 pl-5">
          <li>
            <strong>The onboarding programme.</strong> In the portal you add your team, broker of record,
            photos, logos, service area, licences and videos. Your ads use them, so the sooner they are in,
            the better.
          </li>
          <li>
            <strong>Your onboarding call{call ? `, ${describeCall(call)}` : ''}.</strong> We go through your
            profile, service area and lead routing with you, and answer your questions.
          </li>
          <li>
            <strong>Go-live.</strong> Your ads start{goLive ? ` on ${dayText}` : ' on the agreed date'}.
            Seller leads begin to arrive after go-live, by call and text from your lead line.
          </li>
        </ol>
      </section>
      <FormError message={submit.error} />
      <WizardActions
        page="countdown"
        agent={agent}
        continueLabel="Go to onboarding"
        onContinue={() => void submit.run(() => save({}))}
        pending={submit.pending}
      />
    </div>
  );
}
