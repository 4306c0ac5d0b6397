/** @jsxRuntime automatic */
import { ActionButton, Details, Note, Paragraph, TextLink } from './layout';
import { type Email, renderEmail, textLink, textRows } from './render';

/**
 * The office's weekly digest, Monday at 7:30 in the office's time zone: for each agent it sees,
 * last week's leads received, speed to first contact, closings and stale leads, each with the
 * week before beside it.
 */

/** A figure of last week and of the week before. */
export interface Compared<T> {
  current: T;
  previous: T;
}

export interface DigestFigures {
  received: Compared<number>;
  /** Median seconds from arrival to first contact; null when no lead of the week was contacted. */
  speedSeconds: Compared<number | null>;
  closings: Compared<number>;
  /** Stale now, and a week ago. */
  stale: Compared<number>;
}

export interface DigestAgent extends DigestFigures {
  id: string;
  name: string;
}

export interface DigestEmailInput {
  /** "Mar 2 to Mar 8": last week, Monday to Sunday. */
  weekLabel: string;
  staleAfterDays: number;
  totals: DigestFigures;
  /** The agents shown, busiest first. */
  agents: DigestAgent[];
  /** Agents the office sees beyond those shown. */
  moreAgents: number;
  /** The office's dashboard. */
  dashboardUrl: string;
  /** Where the office turns the digest off. */
  settingsUrl: string;
}

/** "under a minute", "14 min", "2 h 5 min", "3 days 4 h". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'no lead contacted';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? 'day' : 'days'}${rest ? ` ${rest} h` : ''}`;
}

/** Each figure as "now (week before: then)". */
function rows(figures: DigestFigures): [string, string][] {
  return [
    ['Leads received', `${figures.received.current} (week before: ${figures.received.previous})`],
    [
      'Speed to contact',
      `${formatDuration(figures.speedSeconds.current)} (week before: ${formatDuration(figures.speedSeconds.previous)})`,
    ],
    ['Closings', `${figures.closings.current} (week before: ${figures.closings.previous})`],
    ['Stale leads', `${figures.stale.current} (a week ago: ${figures.stale.previous})`],
  ];
}

const agentStyle = { fontSize: '18px', lineHeight: '24px', fontWeight: 700, margin: '24px 0 8px' } as const;

function DigestBody({ input, intro, more }: { input: DigestEmailInput; intro: string; more: string | null }) {
  return (
    <>
      <Paragraph>{intro}</Paragraph>
      <p style={agentStyle}>All your agents</p>
      <Details rows={rows(input.totals)} />
      {input.agents.map((agent) => (
        <div key={agent.id}>
          <p style={agentStyle}>{agent.name}</p>
          <Details rows={rows(agent)} />
        </div>
      ))}
      {more ? <Paragraph>{more}</Paragraph> : null}
      <ActionButton href={input.dashboardUrl}>Open your dashboard</ActionButton>
      <Note>
        You get this e-mail each Monday at 7:30.{' '}
        <TextLink href={input.settingsUrl}>Turn the weekly digest off</TextLink> in your account settings.
      </Note>
    </>
  );
}

export function digestEmail(input: DigestEmailInput): Promise<Email> {
  const title = `Your office's week: ${input.weekLabel}`;
  const intro = `How your agents worked their leads last week, with the week before beside each figure. Speed to contact is the median time from a lead's arrival to the first call, text or e-mail; a lead is stale after ${input.staleAfterDays} days without activity.`;
  const more =
    input.moreAgents > 0
      ? `And ${input.moreAgents} more ${input.moreAgents === 1 ? 'agent' : 'agents'} on your dashboard.`
      : null;
  const { received, stale } = input.totals;
  return renderEmail({
    template: 'weekly_digest',
    subject: `Your office's week: ${received.current} ${received.current === 1 ? 'lead' : 'leads'} received, ${stale.current} stale`,
    preview: `${input.weekLabel}: leads received, speed to contact, closings and stale leads for each agent.`,
    heading: title,
    footer: 'You get this e-mail as an office of the portal with the weekly digest turned on.',
    body: <DigestBody input={input} intro={intro} more={more} />,
    text: [
      title,
      intro,
      `All your agents\n${textRows(rows(input.totals))}`,
      ...input.agents.map((agent) => `${agent.name}\n${textRows(rows(agent))}`),
      more,
      textLink('Open your dashboard', input.dashboardUrl),
      `You get this e-mail each Monday at 7:30.\n${textLink('Turn the weekly digest off in your account settings', input.settingsUrl)}`,
    ],
  });
}
