import type { AgentRecord, PortalMe } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { meQueryKey, useAuth } from '@/lib/auth';
import { useConfirmScripts } from '../api/confirm-scripts';
import { OnboardingStepLayout } from '../components/onboarding-step-layout';
import { NoAgentProfile } from '../components/step-notes';

export const SCRIPTS_CONFIRM_LABEL = 'I have read the scripts and will record my videos from them';
export const SCRIPTS_CONFIRM_REQUIRED =
  'Tick the box to confirm you have read the scripts and will record your videos from them, then continue.';

interface VideoScript {
  id: string;
  title: string;
  purpose: string;
  length: string;
  /** Where the finished video goes on the Video upload page. */
  uploadAs: 'FSBO videos' | 'Other videos';
  lines: string[];
  tip: string;
}

/** The four videos, in the agent's own name; [brackets] are for the agent to fill in. */
function videoScripts(agent: AgentRecord): VideoScript[] {
  const name = `${agent.agent_first_name} ${agent.agent_last_name}`.trim() || '[your name]';
  const brokerage = agent.brokerage.trim() || '[your brokerage]';
  const area =
    agent.service_area_name.trim() ||
    agent.located_in.trim() ||
    agent.mailing_address?.city.trim() ||
    '[your area]';
  const hello = `Hi, I'm ${name} with ${brokerage}.`;
  return [
    {
      id: 'introduction',
      title: 'Introduction video',
      purpose: 'Who you are, for every seller who looks you up.',
      length: '60 to 90 seconds',
      uploadAs: 'Other videos',
      lines: [
        `${hello} I help homeowners in ${area} sell their homes for the best price, with as little stress as possible.`,
        "I've been in real estate for [number] years, and what I enjoy most is [one thing you love about the work].",
        "If you're thinking about selling, I'd be glad to talk through your options, with no obligation. Thanks for watching; I look forward to meeting you.",
      ],
      tip: 'Frame yourself from the chest up and smile at the start and at the end: this is the first time a seller sees you.',
    },
    {
      id: 'fsbo',
      title: 'FSBO seller video',
      purpose: 'For owners selling their home themselves (For Sale By Owner).',
      length: '45 to 60 seconds',
      uploadAs: 'FSBO videos',
      lines: [
        `${hello} I see you're selling your home yourself, and I respect that: nobody knows your home better than you.`,
        'Many owners who start on their own find the hardest parts are pricing, screening buyers and the paperwork.',
        "I'm happy to share what homes near you have sold for recently, at no cost, so you can price with confidence. If you'd ever like a hand, I'm one call away.",
      ],
      tip: 'Keep the tone respectful and helpful, never pushy: these owners chose to sell without an agent.',
    },
    {
      id: 'expired',
      title: 'Expired-listing video',
      purpose: 'For owners whose listing ended without a sale.',
      length: '45 to 60 seconds',
      uploadAs: 'Other videos',
      lines: [
        `${hello} Your home came off the market without selling, and I know how frustrating that is after months of showings.`,
        'Usually it comes down to price, presentation or how the home was marketed.',
        "I'd like to show you what I would do differently, with a plan made for your home. If you still want to sell, let's talk, even just for a second opinion.",
      ],
      tip: 'Speak calmly and with empathy; do not criticise the previous agent.',
    },
    {
      id: 'why-list-with-me',
      title: '"Why list with me" video',
      purpose: 'What a seller gets when they choose you.',
      length: '60 to 90 seconds',
      uploadAs: 'Other videos',
      lines: [
        `${hello} When you list with me, you get [how you set the price], marketing that reaches buyers where they look, and an agent who returns your calls the same day.`,
        'Recently I helped [a seller] in [a neighbourhood] [the result, for example sell in two weeks above the asking price].',
        "Selling your home is a big decision. I'll be with you from our first conversation to the closing table. Call me and let's make a plan.",
      ],
      tip: 'One true, specific story of a recent sale convinces more than a list of claims.',
    },
  ];
}

function ScriptCard({ script }: { script: VideoScript }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`script-${script.id}`}>{script.title}</CardTitle>
        <CardDescription>{script.purpose}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Length</dt>
          <dd className="text-muted-foreground">{script.length}</dd>
          <dt className="font-medium">Upload under</dt>
          <dd className="text-muted-foreground">{script.uploadAs}</dd>
        </dl>
        <blockquote
          aria-label={`Script: ${script.title}`}
          className="grid gap-3 border-l-4 border-primary bg-primary-soft/60 py-3 pr-3 pl-4"
        >
          {script.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </blockquote>
        <p className="text-sm">
          <strong>Tip:</strong> {script.tip}
        </p>
      </CardContent>
    </Card>
  );
}

/** The confirmation the step needs, saved as soon as it is ticked or unticked. */
function ScriptsConfirmation({
  checked,
  error,
  onChange,
  inputRef,
}: {
  checked: boolean;
  error: string | null;
  onChange: (confirmed: boolean) => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <Card className={error ? 'border-destructive' : undefined}>
      <CardTitle>Your confirmation</CardTitle>
      <CardContent>
        <div className="flex items-start gap-3">
          <input
            ref={inputRef}
            id={id}
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
          />
          <label htmlFor={id} className="cursor-pointer font-medium leading-snug">
            {SCRIPTS_CONFIRM_LABEL}
          </label>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * /onboarding/video/script_instructions: the scripts for the agent's videos, how to record them,
 * and the confirmation Continue needs before it marks the step done.
 */
export function ScriptInstructionsPage() {
  const agent = useAuth().me?.agent_profile ?? null;
  const queryClient = useQueryClient();
  const confirm = useConfirmScripts();
  const saving = useRef<Promise<unknown> | null>(null);
  const checkbox = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // What the agent last ticked, until its save settles: the box turns at once, whereas the saved
  // value arrives a moment later (the optimistic update waits for queries to be cancelled).
  const [ticked, setTicked] = useState<boolean | null>(null);

  const onChange = (confirmed: boolean) => {
    setError(null);
    setTicked(confirmed);
    const save = confirm.mutateAsync(confirmed);
    saving.current = save;
    // The hook reports a failure and rolls back; Continue waits for the save and reads the result.
    save
      .catch(() => undefined)
      .finally(() => {
        if (saving.current === save) setTicked(null);
      });
  };

  const beforeConfirm = async () => {
    // A save under way decides; a failed one has already said so and been rolled back.
    await saving.current?.catch(() => undefined);
    const latest = queryClient.getQueryData<PortalMe>(meQueryKey)?.agent_profile;
    if (latest?.scripts_documents_confirm) return true;
    setError(SCRIPTS_CONFIRM_REQUIRED);
    checkbox.current?.focus();
    return false;
  };

  return (
    <OnboardingStepLayout
      confirmStep="script_instructions"
      beforeConfirm={beforeConfirm}
      page="video/script_instructions"
      intro={
        <p>
          The four short videos to record and what to say in each. Read them through, practise once or twice,
          then record with your phone. Speak in your own words where that feels more natural: the scripts are
          a guide, not a test.
        </p>
      }
    >
      {agent ? (
        <>
          <Card className="bg-secondary-soft">
            <CardTitle>Before you record</CardTitle>
            <CardContent>
              <ul className="grid list-disc gap-2 pl-5">
                <li>
                  <strong>Framing:</strong> hold the phone sideways (landscape) at eye level, about an arm's
                  length away, on a tripod or a stack of books. Look into the lens, not at the screen.
                </li>
                <li>
                  <strong>Light:</strong> face a window or a lamp; never sit with a bright window behind you.
                </li>
                <li>
                  <strong>Sound:</strong> choose a quiet room with soft furnishings, turn off fans, music and
                  notifications, and speak a little slower than usual.
                </li>
                <li>
                  Fill in the parts in [brackets] before you start. Record again if you stumble; keep the take
                  you like best.
                </li>
              </ul>
            </CardContent>
          </Card>
          {videoScripts(agent).map((script) => (
            <ScriptCard key={script.id} script={script} />
          ))}
          <p>
            When your videos are ready, upload them on the{' '}
            <Link to={paths.onboardingPage.href('video/videos_upload')}>Video upload</Link> page.
          </p>
          <ScriptsConfirmation
            checked={ticked ?? agent.scripts_documents_confirm}
            error={error}
            onChange={onChange}
            inputRef={checkbox}
          />
        </>
      ) : (
        <NoAgentProfile />
      )}
    </OnboardingStepLayout>
  );
}
