import {
  type AgentRecord,
  normalisePhone,
  PHONE_MESSAGE,
  type TestMessageStatusResponse,
  type TestSendResponse,
} from '@portal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Mail, MessageSquareText, Send } from 'lucide-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { meQueryKey, setMeAgentProfile } from '@/lib/auth';
import { formatPhone } from '@/lib/format-phone';
import { useStepSubmit } from '@/lib/use-step-submit';
import { testMessageQueryOptions } from '../api/get-test-message';
import { reportEmailFailure, reportSmsFailure } from '../api/report-test-failure';
import { sendTestEmail, sendTestSms, type TestChannel } from '../api/send-test-message';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

const COPY = {
  sms: {
    thing: 'test text message',
    send: 'Send me a test text',
    sent: 'Status: handed to the phone network.',
    confirmed: 'You confirmed that the test text message arrived.',
    reported: 'You told us the test text message did not arrive; the office will contact you about it.',
  },
  email: {
    thing: 'test e-mail',
    send: 'Send me a test e-mail',
    sent: 'Status: handed to the mail service.',
    confirmed: 'You confirmed that the test e-mail arrived.',
    reported: 'You told us the test e-mail did not arrive; the office will contact you about it.',
  },
} as const;

/** Where the message is on its way, in words. */
function deliveryText(channel: TestChannel, delivery: TestMessageStatusResponse | undefined): string {
  if (!delivery) return 'Status: checking…';
  switch (delivery.status) {
    case 'queued':
      return delivery.last_error
        ? `Status: the first try did not go through (${delivery.last_error}). Trying again…`
        : 'Status: waiting to be sent…';
    case 'sending':
      return 'Status: sending…';
    case 'sent':
      return COPY[channel].sent;
    case 'failed':
      return `The ${COPY[channel].thing} could not be delivered${delivery.last_error ? `: ${delivery.last_error}` : '.'}`;
  }
}

interface Attempt {
  messageId: string;
  /** The server's words about the send ("We sent a test text message to …"). */
  message: string;
}

/**
 * The sms and email steps: send a real test message, follow its delivery, then say whether it
 * arrived. "No" sends it again; after a failed try the agent can tell the office instead, and
 * then go on (the server records the step as "no").
 */
export function MessageTest({
  channel,
  agent,
  accountEmail,
}: {
  channel: TestChannel;
  agent: AgentRecord;
  accountEmail: string;
}) {
  const copy = COPY[channel];
  const save = useSaveStep(channel, agent);
  const queryClient = useQueryClient();
  const answer = channel === 'sms' ? agent.sms_test : agent.email_test;
  const address = agent.agent_email || accountEmail;

  const [phone, setPhone] = useState(formatPhone(agent.agent_phone));
  const [phoneError, setPhoneError] = useState<string | null>(null);
  /** Sends the server answered (OK or ERROR): the attempt number of a failure report. */
  const [attempts, setAttempts] = useState(0);
  /** Tries that did not reach the agent: an ERROR, a failed delivery, or "No" to "Did it arrive?". */
  const [failures, setFailures] = useState(0);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [reported, setReported] = useState<string | null>(null);
  const action = useStepSubmit();

  const delivery = useQuery({
    ...testMessageQueryOptions(attempt?.messageId ?? ''),
    enabled: attempt !== null,
  });
  const status = delivery.data?.status;
  const final = status === 'sent' || status === 'failed';
  const canReport = failures > 0 || status === 'failed';
  const testedPhone = channel === 'sms' ? normalisePhone(phone) : null;

  const send = () =>
    action.run(async () => {
      setSendError(null);
      setReported(null);
      let response: TestSendResponse;
      if (channel === 'sms') {
        if (!testedPhone) {
          setPhoneError(PHONE_MESSAGE);
          return;
        }
        setPhoneError(null);
        const body = {
          first_name: agent.agent_first_name,
          last_name: agent.agent_last_name,
          is_retry: attempts > 0,
          notify_team_on_failure: true,
        };
        response = await sendTestSms({ ...body, phone: testedPhone });
      } else {
        response = await sendTestEmail({
          first_name: agent.agent_first_name,
          last_name: agent.agent_last_name,
          agent_email: address,
          is_retry: attempts > 0,
          notify_team_on_failure: true,
        });
      }
      setAttempts((count) => count + 1);
      if (response.status === 'OK') {
        setAttempt({ messageId: response.message_id, message: response.message });
      } else {
        setAttempt(null);
        setFailures((count) => count + 1);
        setSendError(response.message);
      }
    });

  const sendAgain = () => {
    setFailures((count) => count + 1);
    setAttempt(null);
    void send();
  };

  const tellTheOffice = () =>
    action.run(async () => {
      const names = { first_name: agent.agent_first_name, last_name: agent.agent_last_name };
      const attempt_number = Math.max(attempts, 1);
      const response =
        channel === 'sms'
          ? await reportSmsFailure({ ...names, phone: testedPhone ?? agent.agent_phone, attempt_number })
          : await reportEmailFailure({ ...names, agent_email: address, attempt_number });
      // The server has answered the step "no"; the wizard may go on.
      setMeAgentProfile(queryClient, { ...agent, [channel === 'sms' ? 'sms_test' : 'email_test']: 'no' });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      setAttempt(null);
      setReported(response.message);
    });

  const itArrived = () =>
    action.run(() =>
      save({
        ...(channel === 'sms' ? { sms_test: 'yes' as const } : { email_test: 'yes' as const }),
        // The number that received the test is the one to keep.
        ...(testedPhone && testedPhone !== agent.agent_phone ? { agent_phone: testedPhone } : {}),
      }),
    );

  const busy = action.pending;
  const Icon = channel === 'sms' ? MessageSquareText : Mail;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-5 text-secondary" />
            {channel === 'sms' ? 'Your mobile phone' : 'Your e-mail address'}
          </CardTitle>
          <CardDescription>
            {channel === 'sms'
              ? 'We send the test text to this number. Correct it here if it is wrong.'
              : 'We send the test e-mail to the address you use with the portal.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {channel === 'sms' ? (
            <Field label="Mobile phone" error={phoneError ?? undefined}>
              <Input
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            </Field>
          ) : (
            <p className="text-lg font-medium break-all">{address}</p>
          )}
          {attempt === null ? (
            <div>
              <Button type="button" variant="secondary" onClick={() => void send()} pending={busy}>
                {busy ? null : <Send aria-hidden="true" />}
                {attempts > 0 ? 'Send it again' : copy.send}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>

      {sendError ? (
        <Alert variant="destructive">
          <AlertTitle>The {copy.thing} was not sent</AlertTitle>
          <AlertDescription>
            <p>{sendError}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {attempt ? (
        <Alert variant={status === 'failed' ? 'destructive' : 'info'}>
          <AlertTitle>{attempt.message}</AlertTitle>
          <AlertDescription>
            <p>{delivery.isError ? errorMessage(delivery.error) : deliveryText(channel, delivery.data)}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {attempt && final ? (
        <section aria-labelledby={`${channel}-question`} className="grid gap-3">
          <h2 id={`${channel}-question`} className="text-lg font-semibold">
            {status === 'sent' ? 'Did it arrive?' : 'What would you like to do?'}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {status === 'sent' ? (
              <Button type="button" onClick={() => void itArrived()} disabled={busy}>
                Yes, it arrived
              </Button>
            ) : null}
            <Button type="button" variant="outline" onClick={sendAgain} disabled={busy}>
              {status === 'sent' ? 'No, send it again' : 'Send it again'}
            </Button>
            {canReport ? (
              <Button type="button" variant="outline" onClick={() => void tellTheOffice()} disabled={busy}>
                It still hasn't arrived — tell the office
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}

      {attempt === null && canReport && !reported ? (
        <div>
          <Button type="button" variant="outline" onClick={() => void tellTheOffice()} disabled={busy}>
            It still hasn't arrived — tell the office
          </Button>
        </div>
      ) : null}

      {reported ? (
        <Alert variant="success">
          <AlertTitle>{reported}</AlertTitle>
          <AlertDescription>
            <p>You can continue with the next step now.</p>
          </AlertDescription>
        </Alert>
      ) : answer !== 'pending' && !attempt ? (
        <Alert variant={answer === 'yes' ? 'success' : 'info'}>
          <AlertDescription>
            <p className="flex items-center gap-2">
              {answer === 'yes' ? <CheckCircle2 aria-hidden="true" className="size-4 text-primary" /> : null}
              {answer === 'yes' ? copy.confirmed : copy.reported}
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      <FormError message={action.error} />
      <WizardActions
        page={channel}
        agent={agent}
        onContinue={() => void action.run(() => save({}))}
        continueVariant={answer === 'pending' && !reported ? 'outline' : 'default'}
        pending={busy}
      />
    </div>
  );
}
