import type { AgentRecord, CallSlot, OnboardingCall } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '@/components/form-error';
import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceField } from '@/components/ui/choice-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { dayInZone, zoneShortName } from '@/lib/time-zones';
import { useStepSubmit } from '@/lib/use-step-submit';
import {
  callSlotsQueryOptions,
  onboardingCallQueryOptions,
  useBookCall,
  useCancelCall,
} from '../api/onboarding-call';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

const dayLabel = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(at),
  );
const shortDayLabel = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(at),
  );
const timeLabel = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(at));

/** The open times grouped by the day they fall on in the agent's zone, in order. */
function groupByDay(slots: CallSlot[], timeZone: string) {
  const days = new Map<string, CallSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const key = dayInZone(new Date(slot.starts_at), timeZone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days.entries()].map(([key, daySlots]) => ({
    key,
    label: dayLabel(daySlots[0]!.starts_at, timeZone),
    shortLabel: shortDayLabel(daySlots[0]!.starts_at, timeZone),
    slots: daySlots,
  }));
}

const callMinutes = (slot: CallSlot) =>
  Math.round((new Date(slot.ends_at).getTime() - new Date(slot.starts_at).getTime()) / 60_000);

export function describeCall(call: OnboardingCall) {
  const zone = call.timezone;
  return `${dayLabel(call.starts_at, zone)}, ${timeLabel(call.starts_at, zone)} – ${timeLabel(call.ends_at, zone)} ${zoneShortName(zone, new Date(call.starts_at))}`;
}

/** Day, then time: two radio groups, usable with arrow keys, then "Book this time". */
function SlotPicker({ onBooked, rebooking }: { onBooked: () => void; rebooking: boolean }) {
  const slots = useQuery(callSlotsQueryOptions());
  const book = useBookCall();
  const [day, setDay] = useState<string | undefined>();
  const [startsAt, setStartsAt] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | undefined>();

  if (slots.isPending) return <PageLoading label="Loading the open times…" />;
  if (slots.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The open times could not be loaded</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(slots.error)}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void slots.refetch()}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }

  const { timezone } = slots.data;
  const days = groupByDay(slots.data.slots, timezone);
  if (days.length === 0) {
    return (
      <Alert variant="info">
        <AlertTitle>No open times right now</AlertTitle>
        <AlertDescription>
          <p>Every time in the next two weeks is taken. Please check again tomorrow, or call the office.</p>
        </AlertDescription>
      </Alert>
    );
  }
  const chosenDay = days.find((candidate) => candidate.key === day) ?? days[0]!;
  const zoneName = zoneShortName(timezone, new Date(chosenDay.slots[0]!.starts_at));

  const onBook = () => {
    if (!startsAt || !chosenDay.slots.some((slot) => slot.starts_at === startsAt)) {
      setTimeError('Choose a time');
      return;
    }
    setTimeError(undefined);
    setError(null);
    // Awaited here rather than through mutate's callbacks: booking replaces this picker with
    // the booked call, and callbacks of an unmounted caller never run.
    book
      .mutateAsync(startsAt)
      .then(() => onBooked())
      .catch((caught: unknown) => {
        setStartsAt(undefined);
        setError(
          isApiError(caught) && caught.status === 409
            ? `${caught.detail} The open times have been updated.`
            : errorMessage(caught, 'The call could not be booked. Please try again.'),
        );
      });
  };

  return (
    <div className="grid gap-5">
      <ChoiceField
        legend="Day"
        layout="tiles"
        choices={days.map((candidate) => ({
          value: candidate.key,
          label: candidate.shortLabel,
          description: `${candidate.slots.length} open time${candidate.slots.length === 1 ? '' : 's'}`,
        }))}
        value={chosenDay.key}
        onValueChange={(next) => {
          setDay(next);
          setStartsAt(undefined);
        }}
      />
      <ChoiceField
        legend={`Time on ${chosenDay.label} (${zoneName})`}
        description={`Start times in your time zone, ${timezone.replace(/_/g, ' ')} (${zoneName}). Each call takes ${callMinutes(chosenDay.slots[0]!)} minutes.`}
        layout="tiles"
        choices={chosenDay.slots.map((slot) => ({
          value: slot.starts_at,
          label: timeLabel(slot.starts_at, timezone),
        }))}
        value={startsAt}
        onValueChange={(next) => {
          setStartsAt(next);
          setTimeError(undefined);
        }}
        error={timeError}
      />
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>{error}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      <div>
        <Button type="button" variant="secondary" onClick={onBook} pending={book.isPending}>
          {rebooking ? 'Move my call to this time' : 'Book this time'}
        </Button>
      </div>
    </div>
  );
}

/** The zoom step: book the onboarding call (or see and change the one booked), then go on. */
export function CallBooking({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('zoom', agent);
  const submit = useStepSubmit();
  const call = useQuery(onboardingCallQueryOptions());
  const cancel = useCancelCall();
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const booked = call.data?.call ?? null;
  // Booking or cancelling replaces the card whose button had the focus: the focus goes to the
  // heading of the card that replaces it (the booked call, or the times to choose from), not
  // to the page's body.
  const [focusAfter, setFocusAfter] = useState<'booked' | 'choose' | null>(null);
  const bookedHeading = useRef<HTMLHeadingElement>(null);
  const chooseHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusAfter) return;
    const target = focusAfter === 'booked' ? bookedHeading.current : chooseHeading.current;
    if (!target) return;
    target.focus();
    setFocusAfter(null);
  });

  return (
    <div className="grid gap-6">
      {call.isPending ? <PageLoading label="Looking for your booking…" /> : null}
      {call.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Your booking could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(call.error)}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {notice ? (
        <Alert variant="success">
          <AlertDescription>
            <p>{notice}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {booked ? (
        <Card>
          <CardHeader>
            <CardTitle ref={bookedHeading} tabIndex={-1} className="flex items-center gap-2 outline-none">
              <CalendarCheck aria-hidden="true" className="size-5 text-primary" />
              Your onboarding call
            </CardTitle>
            <CardDescription>
              The invitation is in your e-mail, with a calendar file to add it to your calendar.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-lg font-semibold">{describeCall(booked)}</p>
            {booked.join_url ? (
              <p className="text-sm">
                Join at{' '}
                <a href={booked.join_url} target="_blank" rel="noopener noreferrer" className="break-all">
                  {booked.join_url}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">The office will phone you at that time.</p>
            )}
            <div className="flex flex-wrap gap-3">
              <Button
                type="button"
                variant="outline"
                aria-expanded={changing}
                onClick={() => {
                  setChanging((value) => !value);
                  setNotice(null);
                }}
              >
                {changing ? 'Keep this time' : 'Change the time'}
              </Button>
              <Button
                type="button"
                variant="ghost"
                pending={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () => {
                      setChanging(false);
                      setNotice('Your call is cancelled. Choose another time below.');
                      setFocusAfter('choose');
                    },
                    onError: (caught) => setNotice(errorMessage(caught)),
                  })
                }
              >
                Cancel the call
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
      {call.isSuccess && (!booked || changing) ? (
        <Card>
          <CardHeader>
            <CardTitle ref={chooseHeading} tabIndex={-1} className="outline-none">
              {booked ? 'Choose a new time' : 'Choose a time for your call'}
            </CardTitle>
            <CardDescription>By video or phone, with a member of our team.</CardDescription>
          </CardHeader>
          <CardContent>
            <SlotPicker
              rebooking={booked !== null}
              onBooked={() => {
                submit.setError(null);
                setChanging(false);
                setNotice('Your call is booked. We have e-mailed you the invitation.');
                setFocusAfter('booked');
              }}
            />
          </CardContent>
        </Card>
      ) : null}
      <FormError message={submit.error} />
      <WizardActions
        page="zoom"
        agent={agent}
        onContinue={() => void submit.run(() => save({}, { zoomBooked: booked !== null }))}
        pending={submit.pending}
      />
    </div>
  );
}
