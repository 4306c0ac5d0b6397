import type { SigningSession, SignResult } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { SignPage } from './sign-page';

const PAGE_LOAD = { timeout: 5000 };

function buildSession(overrides: Partial<SigningSession> = {}): SigningSession {
  return {
    document: {
      kind: 'master',
      title: 'Master Referral Agreement',
      created_date: '2026-03-02T15:00:00.000Z',
      sections: [
        { heading: '1. Parties', paragraphs: ['This agreement is between Alex Agent and the portal.'] },
        {
          heading: '2. Referral fee',
          paragraphs: ['A referral fee is paid on each closed lead.', 'Through the broker.'],
        },
      ],
    },
    signer: { role: 'Agent', name: 'Alex Agent', email: 'agent@example.com' },
    signers: [
      { role: 'Agent', name: 'Alex Agent', is_signature_completed: false, signed_at: null },
      { role: 'Broker', name: 'Dana Broker', is_signature_completed: false, signed_at: null },
    ],
    link_expires_at: '2026-03-09T15:00:00.000Z',
    ...overrides,
  };
}

const SIGNED: SignResult = {
  signed_at: '2026-03-03T16:30:00.000Z',
  completed: false,
  next_signer: { role: 'Broker', name: 'Dana Broker' },
};

function openSignPage(handlers: Record<string, Handler>) {
  const mocks = mockFetch({ 'GET /api/sign/:token': () => json(200, buildSession()), ...handlers });
  const view = renderPortal('/sign/tok-123');
  return { ...mocks, ...view };
}

describe('the signing page', () => {
  it('shows the agreement and who signs, then signs with a typed name after consent', async () => {
    const { user, callsTo } = openSignPage({ 'POST /api/sign/:token': () => json(200, SIGNED) });
    await screen.findByRole('heading', { level: 1, name: 'Master Referral Agreement' }, PAGE_LOAD);
    expect(screen.getByRole('heading', { level: 2, name: '2. Referral fee' })).toBeInTheDocument();
    // A broker is not here to join the network: no sign-in or join buttons in the header.
    expect(screen.queryByRole('link', { name: 'Join with an access code' })).toBeNull();
    expect(screen.getByText('A referral fee is paid on each closed lead.')).toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: /Open the PDF/ });
    expect(pdf).toHaveAttribute('href', '/api/sign/tok-123/document.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    const order = within(screen.getByRole('list', { name: 'Who signs, in this order' })).getAllByRole(
      'listitem',
    );
    expect(order.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1\. Agent · Alex Agent.*You.*Waiting to sign/),
      expect.stringMatching(/^2\. Broker · Dana Broker.*Signs after the Agent/),
    ]);

    await user.type(screen.getByLabelText('Type your full name'), 'Alex Agent');
    expect(screen.getByTestId('typed-preview')).toHaveTextContent('Alex Agent');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Tick the box to agree to sign electronically')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }),
    ).toHaveFocus();
    expect(callsTo('POST /api/sign/:token')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You signed the Master Referral Agreement' }),
    ).toHaveFocus();
    expect(screen.getByText('Dana Broker (Broker) signs next; we have e-mailed them.')).toBeInTheDocument();
    const [sent] = callsTo('POST /api/sign/:token');
    expect(sent!.path).toBe('/api/sign/tok-123');
    expect(JSON.parse(sent!.body!)).toEqual({
      signature: { kind: 'typed', text: 'Alex Agent' },
      consent: true,
    });
    // A visitor without a portal session has no agreement page to go back to.
    expect(screen.queryByRole('link', { name: 'Back to your agreement' })).not.toBeInTheDocument();
  });

  it('lets long e-mail addresses wrap instead of widening the page on a phone', async () => {
    const email = 'dana.whitfield-okafor.broker-of-record@desert-sun-realty.example';
    mockFetch({
      'GET /api/sign/:token': () =>
        json(
          200,
          buildSession({
            signer: { role: 'Broker', name: 'Dana Broker', email },
            document: {
              ...buildSession().document,
              sections: [{ heading: 'Parties', paragraphs: [`Broker e-mail: ${email}`] }],
            },
          }),
        ),
    });
    renderApp(<SignPage />, { url: '/sign/tok-123', path: '/sign/:token' });
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Master Referral Agreement' },
      PAGE_LOAD,
    );
    // jsdom lays nothing out: what keeps the page 390 px wide is that these may break anywhere
    // (break-words would still let the address set the column's minimum width) and that the
    // page's one column is minmax(0, 1fr).
    const signerLine = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.textContent!.includes(`(${email})`),
    );
    expect(signerLine).toHaveClass('wrap-anywhere');
    expect(screen.getByText(`Broker e-mail: ${email}`)).toHaveClass('wrap-anywhere');
    expect(heading.closest('header')?.parentElement).toHaveClass('grid-cols-[minmax(0,1fr)]');
  });

  it('says plainly when the link can no longer be used', async () => {
    openSignPage({
      'GET /api/sign/:token': () => json(410, { detail: 'This signing link has already been used.' }),
    });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This signing link can no longer be used' },
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('This signing link has already been used.')).toBeInTheDocument();
    expect(
      screen.getByText('If you have not signed yet, ask the person who sent you the link for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    // Not signed in: no portal to go back to.
    expect(screen.queryByRole('link', { name: 'Back to the portal' })).not.toBeInTheDocument();
  });

  it('leads a signed-in agent back to the portal from a spent link', async () => {
    openSignPage({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe()),
      'GET /api/sign/:token': () =>
        json(410, {
          detail: 'This signing link has already been used: you signed this document on Tue, 3 Mar 2026.',
        }),
    });
    await screen.findByRole(
      'heading',
      { level: 1, name: 'This signing link can no longer be used' },
      PAGE_LOAD,
    );
    expect(await screen.findByRole('link', { name: 'Back to the portal' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  });

  it('tells the last signer the agreement is complete and the signed copy comes by e-mail', async () => {
    const { user } = openSignPage({
      'POST /api/sign/:token': () => json(200, { ...SIGNED, completed: true, next_signer: null }),
    });
    await user.type(await screen.findByLabelText('Type your full name', {}, PAGE_LOAD), 'Alex Agent');
    await user.click(screen.getByRole('checkbox', { name: /I agree to sign/ }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByRole('heading', { level: 1, name: 'You signed the Master Referral Agreement' });
    expect(screen.getByText('Everyone has signed: the agreement is complete.')).toBeInTheDocument();
    expect(
      screen.getByText('Every signer receives the signed copy, with its audit page, by e-mail.'),
    ).toBeInTheDocument();
  });

  it('keeps the typed signature and the consent when the server refuses them', async () => {
    const { user } = openSignPage({
      'POST /api/sign/:token': () => json(400, { detail: 'The signature does not match the signer name.' }),
    });
    const name = await screen.findByLabelText('Type your full name', {}, PAGE_LOAD);
    await user.type(name, 'A. Agent');
    const consent = screen.getByRole('checkbox', { name: /I agree to sign/ });
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The signature does not match the signer name.',
    );
    expect(name).toHaveValue('A. Agent');
    expect(consent).toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'Master Referral Agreement' })).toBeInTheDocument();
  });

  it('clears each error as soon as its field is fixed, before signing again', async () => {
    const { user, callsTo } = openSignPage({ 'POST /api/sign/:token': () => json(200, SIGNED) });
    await screen.findByRole('heading', { level: 1, name: 'Master Referral Agreement' }, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const name = screen.getByLabelText('Type your full name');
    const consent = screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ });
    expect(await screen.findByText('Type your full name as your signature')).toBeInTheDocument();
    expect(screen.getByText('Tick the box to agree to sign electronically')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    // One letter is not yet a signature: the error stays until the name is long enough.
    await user.type(name, 'A');
    expect(screen.getByText('Type your full name as your signature')).toBeInTheDocument();
    await user.type(name, 'lex Agent');
    expect(screen.queryByText('Type your full name as your signature')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Tick the box to agree to sign electronically')).toBeInTheDocument();

    await user.click(consent);
    expect(screen.queryByText('Tick the box to agree to sign electronically')).not.toBeInTheDocument();
    expect(consent).not.toHaveAttribute('aria-invalid');
    expect(callsTo('POST /api/sign/:token')).toHaveLength(0);
  });

  it('signs with a drawn signature and leads a signed-in agent back to the agreement', async () => {
    const context = {
      arc: vi.fn(),
      beginPath: vi.fn(),
      fill: vi.fn(),
      moveTo: vi.fn(),
      lineTo: vi.fn(),
      stroke: vi.fn(),
      clearRect: vi.fn(),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
    const { user, callsTo } = openSignPage({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe()),
      'POST /api/sign/:token': () => json(200, { ...SIGNED, completed: false }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Master Referral Agreement' }, PAGE_LOAD);
    await user.click(screen.getByRole('tab', { name: 'Draw' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree to sign/ }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Draw your signature first, or choose Type.')).toBeInTheDocument();

    const pad = screen.getByRole('img', { name: 'Signature drawing area' });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1, pointerType: 'pen' });
    fireEvent.pointerMove(pad, { clientX: 40, clientY: 20, pointerId: 1, pointerType: 'pen' });
    fireEvent.pointerUp(pad, { clientX: 40, clientY: 20, pointerId: 1, pointerType: 'pen' });
    expect(context.lineTo).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    await screen.findByRole('heading', { level: 1, name: 'You signed the Master Referral Agreement' });
    expect(JSON.parse(callsTo('POST /api/sign/:token')[0]!.body!)).toEqual({
      signature: { kind: 'drawn', image: 'data:image/png;base64,iVBORw0KGgo=' },
      consent: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to your agreement' })).toHaveAttribute(
        'href',
        '/onboarding/agreements/master_referral_agreement',
      ),
    );
  });
});
