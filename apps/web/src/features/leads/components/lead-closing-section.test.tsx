import type { Lead, LeadDetail } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClosing } from '@/test/billing';
import { renderApp } from '@/test/render-app';
import { mockXhr } from '@/test/xhr-mock';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';

const PAGE_LOAD = { timeout: 5000 };

const closedLead = (overrides: Partial<Lead> = {}) =>
  buildLead({
    id: 'lead-c',
    first_name: 'Casey',
    last_name: 'Closed',
    status: 'closed',
    closing_date: '2026-11-03',
    sale_price: 350_000,
    gross_commission: 12_345.67,
    closing: buildClosing(1_234_567, 25, { statement_due_on: '2099-11-17' }),
    ...overrides,
  });

const pdf = (name: string) => new File(['%PDF-1.7 settlement'], name, { type: 'application/pdf' });

async function openClosedLead(lead: Lead) {
  const server = leadsServer([lead]);
  const rendered = renderApp(<LeadsPage />, { url: `/leads?lead=${lead.id}` });
  const panel = await screen.findByRole('dialog', { name: leadNameOf(lead) }, PAGE_LOAD);
  return { ...server, ...rendered, panel };
}

const leadNameOf = (lead: Lead) => `${lead.first_name} ${lead.last_name}`;

describe("a closed lead's closing section", { timeout: 20_000 }, () => {
  it('shows the fee and its invoice, and uploads the settlement statement with its progress', async () => {
    const xhrs = mockXhr();
    const lead = closedLead();
    const { user, panel } = await openClosedLead(lead);
    const invoice = lead.closing!.invoice!;

    expect(panel).toHaveTextContent('Referral fee at 25 %: $3,086.42');
    expect(panel).toHaveTextContent(`Invoice ${invoice.number}`);
    expect(within(panel).getByText('Open')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Balance $3,086.42, due Dec 31, 2099');
    expect(
      within(panel).getByRole('button', { name: `Download PDF of invoice ${invoice.number}` }),
    ).toBeEnabled();
    expect(
      within(panel).getByRole('heading', { name: 'Closing documents missing — due Nov 17, 2099' }),
    ).toBeInTheDocument();

    const file = pdf('Closing statement #1.pdf');
    await user.upload(within(panel).getByLabelText('Choose the statement'), file);
    expect(panel).toHaveTextContent('Chosen: Closing statement #1.pdf');
    await user.click(within(panel).getByRole('button', { name: 'Upload statement' }));

    await waitFor(() => expect(xhrs).toHaveLength(1));
    const xhr = xhrs[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/portal/me/leads/lead-c/settlement-statement');
    expect(xhr.headers).toEqual({
      Authorization: 'Bearer access-1',
      Accept: 'application/json',
      'Content-Type': 'application/pdf',
      'X-File-Name': 'Closing%20statement%20%231.pdf',
    });
    expect(xhr.body).toBe(file);

    act(() => xhr.progress(40, 100));
    expect(
      within(panel).getByRole('progressbar', { name: 'Uploading Closing statement #1.pdf' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(panel).toHaveTextContent('Uploading Closing statement #1.pdf… 40%');

    const answer: LeadDetail = {
      ...lead,
      closing: {
        ...lead.closing!,
        statement: {
          file_name: 'Closing statement #1.pdf',
          uploaded_at: '2026-11-05T17:30:00.000Z',
          url: '/api/portal/me/leads/lead-c/settlement-statement',
        },
      },
      events: [],
    };
    act(() => xhr.respond(201, answer));

    expect(await screen.findByText('Settlement statement uploaded')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Settlement statement' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download Closing statement #1.pdf' })).toBeEnabled();
    expect(within(panel).queryByText(/Closing documents missing/)).not.toBeInTheDocument();
  });

  it("shows the server's reason beside the control on 415 and keeps the file to send again", async () => {
    const xhrs = mockXhr();
    const { user, panel } = await openClosedLead(closedLead());

    const file = new File(['not really a picture'], 'statement.png', { type: 'image/png' });
    await user.upload(within(panel).getByLabelText('Choose the statement'), file);
    await user.click(within(panel).getByRole('button', { name: 'Upload statement' }));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() =>
      xhrs[0]!.respond(415, {
        detail: 'This file is not a PDF, PNG, JPEG or WebP image: upload the statement again.',
      }),
    );

    const input = within(panel).getByLabelText('Choose another file');
    expect(
      await within(panel).findByText(
        'This file is not a PDF, PNG, JPEG or WebP image: upload the statement again.',
      ),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/This file is not a PDF/);
    expect(panel).toHaveTextContent('Chosen: statement.png');

    // Sent again as it is.
    await user.click(within(panel).getByRole('button', { name: 'Upload statement' }));
    await waitFor(() => expect(xhrs).toHaveLength(2));
    expect(xhrs[1]!.body).toBe(file);
  });

  it('refuses a file of another type before sending it', async () => {
    const xhrs = mockXhr();
    const { user, panel } = await openClosedLead(closedLead());
    const input = within(panel).getByLabelText('Choose the statement');
    // Dropped past the picker's filter (the accept list is a hint to the picker, not a check).
    fireEvent.change(input, {
      target: { files: [new File(['a,b'], 'statement.csv', { type: 'text/csv' })] },
    });
    expect(
      within(panel).getByText('This type of file is not accepted. Use PDF, PNG, JPEG, WebP.'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Upload statement' }));
    expect(xhrs).toHaveLength(0);
  });
});
