/** @jsxRuntime automatic */
import { performance } from 'node:perf_hooks';
import { render } from '@react-email/render';
import { EmailLayout } from '../src/emails/layout';
import { type LeadFacts, leadEmail, leadEmailParts } from '../src/emails/lead';
import { leadSmsBody } from '../src/emails/lead-texts';
import { FULL_LEAD } from '../src/emails/previews';
import { textBody } from '../src/emails/render';

/**
 * `npx tsx bench/emails.tsx`: what writing a lead's messages costs inside the intake request.
 * Times RUNS renders of the lead e-mail (HTML and text) two ways: React Email's `render` of the
 * whole document each time, and what the portal does (a template per shape, filled with the
 * lead's words: ADR 72; one lead, so its shape is rendered once). Run with NODE_ENV=production
 * for React's production build.
 */
const RUNS = Number(process.env.BENCH_EMAIL_RUNS ?? 1000);

const lead: LeadFacts = { ...FULL_LEAD, notes: 'Wants to list before spring.' };
const input = {
  lead,
  link: 'http://localhost:3000/leads?lead=6f1c1c6e-8a43-4a5e-9a3b-2b1d8b1f0e11',
  agentName: 'Dana Reyes',
  timezone: 'America/Denver',
};

async function time(label: string, run: () => unknown) {
  for (let i = 0; i < 200; i++) await run();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await run();
  const perRender = (performance.now() - started) / RUNS;
  console.log(`${label.padEnd(52)} ${perRender.toFixed(3)} ms per render (${RUNS} runs)`);
}

console.log(`NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}`);
await time('lead e-mail, whole document through render()', async () => {
  const parts = leadEmailParts(input);
  return [await render(<EmailLayout parts={parts} />), textBody(...parts.text)];
});
await time('lead e-mail, from its template (as sent)', () => leadEmail(input));
await time('lead SMS', () => leadSmsBody(lead, input.link));
