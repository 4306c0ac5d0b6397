import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { FaqPage } from '../pages/faq-page';
import { FAQ_TOPICS } from './faq-entries';

// Pages load on first visit (route-level code splitting); on a busy machine that takes more than
// the default second.
configure({ asyncUtilTimeout: 5_000 });

const total = FAQ_TOPICS.reduce((sum, topic) => sum + topic.entries.length, 0);

function openFaq(
  path = '/resources/faq',
  contact: Handler = () => json(200, { email: 'office@brokerage.example' }),
) {
  mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe()),
    'GET /api/contact': contact,
  });
  return renderApp(<FaqPage />, { url: path });
}

/** The questions a reader can see (hidden ones are out of the accessibility tree). */
const shownQuestions = () =>
  Array.from(document.querySelectorAll('details:not([hidden]) > summary')).map((s) => s.textContent);

describe('the FAQ', () => {
  it("gives the office's address as a mailto link where it says to contact the office", async () => {
    const { user } = openFaq();
    const question = await screen.findByText('How do I contact the office?');
    await user.click(question);
    const details = question.closest('details')!;
    const link = await within(details).findByRole('link', { name: 'office@brokerage.example' });
    expect(link).toHaveAttribute('href', 'mailto:office@brokerage.example');
  });

  it('still says how to reach the office when its address cannot be loaded', async () => {
    const { user } = openFaq('/resources/faq', () => json(503, { detail: 'Service unavailable' }));
    const question = await screen.findByText('How do I contact the office?');
    await user.click(question);
    const details = question.closest('details')!;
    expect(within(details).getByText(/reply to any e-mail we have sent you/)).toBeVisible();
    expect(within(details).queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('shows every question closed, as disclosures grouped by topic', async () => {
    const { user } = openFaq();
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    expect(shownQuestions()).toHaveLength(total);
    expect(screen.getByText(`${total} questions in ${FAQ_TOPICS.length} topics.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Agreements' })).toBeInTheDocument();

    const question = screen.getByText('How does my broker sign the master referral agreement?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(question);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/receives an e-mail with a link to sign/)).toBeVisible();
  }, 15_000);

  it('narrows the questions to those holding every word searched for', async () => {
    const { user } = openFaq();
    const search = await screen.findByRole('searchbox', { name: 'Search the questions' });
    await user.type(search, 'zip CODE');

    const shown = shownQuestions();
    expect(shown).toContain('How are leads matched to me?');
    expect(shown).toContain('How do I add or remove ZIP codes?');
    expect(shown).not.toContain('Which agreements do I sign?');
    expect(screen.getByText(`${shown.length} of ${total} questions match “zip CODE”.`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Agreements' })).not.toBeInTheDocument();

    await user.type(search, ' walrus');
    expect(shownQuestions()).toEqual([]);
    expect(screen.getByText('No matching data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(search).toHaveValue('');
    expect(shownQuestions()).toHaveLength(total);
  }, 15_000);

  it('opens the answer a link points to', async () => {
    openFaq('/resources/faq#crm');
    const question = await screen.findByText('Can my leads go into my CRM?');
    const details = question.closest('details')!;
    // Opened once the question is rendered (an effect after the first render).
    await waitFor(() => expect(details.open).toBe(true));
    expect(question.closest('summary')).toHaveFocus();
    expect(within(details).getByRole('link', { name: 'Routing › CRM' })).toHaveAttribute(
      'href',
      '/routing/crm',
    );
    expect(within(details).getByRole('link', { name: /Link to this answer/ })).toHaveAttribute(
      'href',
      '/resources/faq#crm',
    );
  }, 15_000);

  it('gives every question and topic its own anchor', () => {
    const ids = FAQ_TOPICS.flatMap((topic) => [topic.id, ...topic.entries.map((entry) => entry.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
