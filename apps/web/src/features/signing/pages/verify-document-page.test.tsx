import type { VerifyDocumentResult } from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { VerifyDocumentPage } from './verify-document-page';

const PAGE_LOAD = { timeout: 5000 };
const SHA = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const DOCUMENT = {
  kind: 'master' as const,
  title: 'Master Referral Agreement',
  created_date: '2026-03-02T15:00:00.000Z',
  completed_at: '2026-03-05T12:00:00.000Z',
  signers: [
    { role: 'Agent', name: 'Alex Agent', signed_at: '2026-03-03T16:30:00.000Z' },
    { role: 'Broker', name: 'Dana Broker', signed_at: '2026-03-05T12:00:00.000Z' },
  ],
};

const pdf = (name = 'agreement.pdf') => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

async function verify(answer: Handler, file = pdf()) {
  const mocks = mockFetch({ 'POST /api/verify-document': answer });
  const { user } = renderApp(<VerifyDocumentPage />, { url: '/verify-document' });
  await screen.findByRole('heading', { level: 1, name: 'Verify an agreement' }, PAGE_LOAD);
  await user.upload(screen.getByLabelText('Choose a PDF'), file);
  return mocks;
}

const result = (body: VerifyDocumentResult) => () => json(200, body);

describe('the verify page', () => {
  it('recognises a completed agreement and sends the file as a PDF', async () => {
    const { callsTo, fetchMock } = await verify(
      result({ result: 'completed', sha256: SHA, document: DOCUMENT }),
    );
    expect(
      await screen.findByText(
        'This is a completed Master Referral Agreement issued by this portal, signed on March 5, 2026 by Alex Agent (Agent) and Dana Broker (Broker).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(SHA)).toBeInTheDocument();
    const [call] = callsTo('POST /api/verify-document');
    expect(call!.headers.get('Content-Type')).toBe('application/pdf');
    expect((fetchMock.mock.calls[0]![1] as RequestInit).body).toBeInstanceOf(File);
  });

  it('says when the file is the unsigned original', async () => {
    await verify(result({ result: 'original', sha256: SHA, document: { ...DOCUMENT, completed_at: null } }));
    expect(
      await screen.findByText(
        /This is the unsigned original of a Master Referral Agreement issued by this portal/,
      ),
    ).toHaveTextContent('not the signed copy');
    expect(screen.getByText(SHA)).toBeInTheDocument();
  });

  it('says when the file matches nothing issued here', async () => {
    await verify(result({ result: 'unknown', sha256: SHA, document: null }));
    expect(
      await screen.findByText('This file does not match any agreement issued by this portal.'),
    ).toBeInTheDocument();
    expect(screen.getByText(SHA)).toBeInTheDocument();
  });

  it('shows the server’s refusal plainly', async () => {
    await verify(() => json(415, { detail: 'This file is not a PDF.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a PDF.');
  });
});
