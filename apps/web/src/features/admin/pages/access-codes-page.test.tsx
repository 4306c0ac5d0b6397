import type { AdminAccessCode, AdminAccessCodeCreate } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import {
  bodyOf,
  buildAccessCode,
  buildAdminGroup,
  buildCorporateUser,
  list,
  superuserServer,
} from '../test/console-data';
import { AdminAccessCodesPage } from './access-codes-page';

const PAGE_LOAD = { timeout: 5000 };

function accessCodesServer(
  codes: AdminAccessCode[],
  post = (body: AdminAccessCodeCreate) => json(201, body),
  overrides: Parameters<typeof superuserServer>[0] = {},
) {
  const summit = buildCorporateUser({ name: 'Summit Realty', email: 'office@summit.example' });
  const west = buildAdminGroup({
    name: 'West',
    corporate_user_id: summit.id,
    corporate_user_name: 'Summit Realty',
  });
  const server = superuserServer({
    'GET /api/admin/access-codes': () => json(200, list(codes)),
    'GET /api/admin/corporate-users': () => json(200, list([summit])),
    'GET /api/admin/groups': (request) =>
      json(200, list(request.path.includes(`corporate_user_id=${summit.id}`) ? [west] : [])),
    'POST /api/admin/access-codes': (request) => post(bodyOf<AdminAccessCodeCreate>(request)),
    ...overrides,
  });
  return { ...server, summit, west };
}

describe('the access codes page', { timeout: 20_000 }, () => {
  it('lists the codes with their state, and opens a code to show who signed up with it', async () => {
    const spring = buildAccessCode({
      code: 'SPRING24',
      description: 'Spring campaign',
      max_uses: 10,
      used_count: 1,
      signups: [
        {
          agent_id: 'agent-7',
          name: 'Jordan Rivera',
          email: 'jordan@example.com',
          created_at: '2026-11-02T10:00:00Z',
        },
      ],
    });
    const old = buildAccessCode({ code: 'OLD', expires_at: '2020-01-01T00:00:00Z' });
    accessCodesServer([spring, old]);
    const { user } = renderApp(<AdminAccessCodesPage />, { url: '/admin/access-codes' });
    const table = await screen.findByRole('table', { name: 'Access codes' }, PAGE_LOAD);
    const springRow = (await within(table).findByRole('button', { name: 'SPRING24 sign-ups' })).closest(
      'tr',
    )!;
    expect(springRow).toHaveTextContent('1 of 10');
    expect(springRow).toHaveTextContent('Active');
    expect(within(table).getByRole('button', { name: 'OLD sign-ups' }).closest('tr')).toHaveTextContent(
      'Expired',
    );
    // SPEC.md section 8: the code copies with one click.
    await user.click(within(springRow).getByRole('button', { name: 'Copy code to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe('SPRING24');
    expect(await within(springRow).findByText('Copied')).toBeInTheDocument();

    expect(screen.queryByRole('link', { name: 'Jordan Rivera' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'SPRING24 sign-ups' }));
    expect(within(table).getByRole('button', { name: 'SPRING24 sign-ups' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Jordan Rivera' })).toHaveAttribute(
      'href',
      '/admin/agents/agent-7',
    );
  });

  it('creates a code bound to a corporate user and group, sends it, and lists it', async () => {
    const codes: AdminAccessCode[] = [];
    const server = accessCodesServer(codes, (body) => {
      const created = buildAccessCode({
        ...body,
        description: body.description ?? null,
        corporate_user_id: body.corporate_user_id ?? null,
        corporate_user_name: 'Summit Realty',
        group_id: body.group_id ?? null,
        group_name: 'West',
        max_uses: body.max_uses ?? null,
      });
      codes.push(created);
      return json(201, created);
    });
    const { user } = renderApp(<AdminAccessCodesPage />, { url: '/admin/access-codes' });
    expect(await screen.findByText(/No access codes yet/, {}, PAGE_LOAD)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New access code' }));
    const form = screen.getByRole('form', { name: 'New access code' });
    await user.type(within(form).getByLabelText('Code'), 'SUMMIT-2026');
    await user.type(within(form).getByLabelText('Description'), 'Summit recruits');
    // No limit is the new code's own choice: the number counts once it is unticked.
    expect(within(form).getByLabelText('Maximum uses')).toBeDisabled();
    await user.click(within(form).getByLabelText('No limit'));
    await user.type(within(form).getByLabelText('Maximum uses'), '25');
    const owner = within(form).getByLabelText('Corporate user');
    await waitFor(() => expect(owner).toBeEnabled());
    await user.selectOptions(owner, 'Summit Realty (office@summit.example)');
    const group = within(form).getByLabelText('Group');
    await waitFor(() => expect(within(group).getByRole('option', { name: 'West' })).toBeInTheDocument());
    await user.selectOptions(group, 'West');
    await user.type(within(form).getByLabelText('Referral fee (%)'), '27.5');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(server.callsTo('POST /api/admin/access-codes')).toHaveLength(1));
    expect(bodyOf(server.callsTo('POST /api/admin/access-codes')[0]!)).toEqual({
      code: 'SUMMIT-2026',
      description: 'Summit recruits',
      max_uses: 25,
      expires_at: null,
      corporate_user_id: server.summit.id,
      group_id: server.west.id,
      referral_fee_percent: 27.5,
    });
    expect(await screen.findByText('Access code SUMMIT-2026 created')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New access code' })).not.toBeInTheDocument();
    const row = (await screen.findByRole('button', { name: 'SUMMIT-2026 sign-ups' })).closest('tr')!;
    expect(row).toHaveTextContent('0 of 25');
    expect(row).toHaveTextContent('Summit Realty');
    expect(row).toHaveTextContent('27.5 %');
    expect(within(row).getByRole('link', { name: 'West' })).toHaveAttribute(
      'href',
      `/admin/groups/${server.west.id}`,
    );
  });

  it('checks the code before sending it', async () => {
    const server = accessCodesServer([]);
    const { user } = renderApp(<AdminAccessCodesPage />, { url: '/admin/access-codes' });
    await user.click(await screen.findByRole('button', { name: 'New access code' }, PAGE_LOAD));
    const form = screen.getByRole('form', { name: 'New access code' });
    await user.type(within(form).getByLabelText('Code'), 'a b');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('A code has at least 4 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /api/admin/access-codes')).toHaveLength(0);
  });

  it('keeps what was typed and says why when the code already exists', async () => {
    const server = accessCodesServer([], () =>
      json(409, { detail: 'The access code SPRING24 already exists' }),
    );
    const { user } = renderApp(<AdminAccessCodesPage />, { url: '/admin/access-codes' });
    await user.click(await screen.findByRole('button', { name: 'New access code' }, PAGE_LOAD));
    const form = screen.getByRole('form', { name: 'New access code' });
    await user.type(within(form).getByLabelText('Code'), 'spring24');
    await user.type(within(form).getByLabelText('Description'), 'Second try');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The access code SPRING24 already exists',
    );
    expect(server.callsTo('POST /api/admin/access-codes')).toHaveLength(1);
    expect(within(form).getByLabelText('Code')).toHaveValue('spring24');
    expect(within(form).getByLabelText('Description')).toHaveValue('Second try');
    expect(screen.queryByText(/created/)).not.toBeInTheDocument();
  });

  it('disables a code only after confirming', async () => {
    const spring = buildAccessCode({ code: 'SPRING24' });
    const patches: unknown[] = [];
    const server = accessCodesServer([], undefined, {
      'GET /api/admin/access-codes': () => json(200, list([{ ...spring, disabled: patches.length > 0 }])),
      'PATCH /api/admin/access-codes/:code': (request) => {
        patches.push(bodyOf(request));
        return json(200, { ...spring, disabled: true });
      },
    });
    const { user } = renderApp(<AdminAccessCodesPage />, { url: '/admin/access-codes' });
    await user.click(await screen.findByRole('button', { name: 'Disable SPRING24' }, PAGE_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Disable SPRING24?' });
    expect(dialog).toHaveTextContent('Agents can no longer sign up with this code');
    expect(patches).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable code' }));
    expect(await screen.findByText('Access code SPRING24 disabled')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/access-codes/:code')[0]!.path).toBe(
      '/api/admin/access-codes/SPRING24',
    );
    expect(patches).toEqual([{ disabled: true }]);
    expect(await screen.findByRole('button', { name: 'Enable SPRING24' })).toBeInTheDocument();
  });

  it('closes a code with 0 uses, asks for a number or No limit, and sends No limit as null', async () => {
    const spring = buildAccessCode({ code: 'SPRING24', max_uses: 10, used_count: 1 });
    const patches: unknown[] = [];
    const server = accessCodesServer([], undefined, {
      'GET /api/admin/access-codes': () => json(200, list([spring])),
      'PATCH /api/admin/access-codes/:code': (request) => {
        const body = bodyOf(request) as { max_uses?: number | null };
        patches.push(body);
        return json(200, { ...spring, max_uses: body.max_uses ?? null });
      },
    });
    const { user } = renderApp(<AdminAccessCodesPage />, { url: '/admin/access-codes' });
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING24' }, PAGE_LOAD));
    let form = screen.getByRole('form', { name: 'Edit SPRING24' });
    const uses = within(form).getByLabelText('Maximum uses');
    expect(within(form).getByLabelText('No limit')).not.toBeChecked();
    await user.clear(uses);
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    expect(
      await within(form).findByText(/Enter the maximum uses \(0 closes the code\), or choose No limit/),
    ).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/access-codes/:code')).toHaveLength(0);

    await user.type(uses, '0');
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(patches).toEqual([{ max_uses: 0 }]));

    await user.click(await screen.findByRole('button', { name: 'Edit SPRING24' }));
    form = screen.getByRole('form', { name: 'Edit SPRING24' });
    await user.click(within(form).getByLabelText('No limit'));
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(patches).toEqual([{ max_uses: 0 }, { max_uses: null }]));
  });

  it("refuses a referral fee that is not a percent, and clears a code's rate with an empty field", async () => {
    const spring = buildAccessCode({ code: 'SPRING24', referral_fee_percent: 30 });
    const patches: unknown[] = [];
    const server = accessCodesServer([], undefined, {
      'GET /api/admin/access-codes': () => json(200, list([spring])),
      'PATCH /api/admin/access-codes/:code': (request) => {
        patches.push(bodyOf(request));
        return json(200, { ...spring, referral_fee_percent: null });
      },
    });
    const { user } = renderApp(<AdminAccessCodesPage />, { url: '/admin/access-codes' });
    const row = (await screen.findByRole('button', { name: 'SPRING24 sign-ups' }, PAGE_LOAD)).closest('tr')!;
    expect(row).toHaveTextContent('30 %');
    await user.click(screen.getByRole('button', { name: 'Edit SPRING24' }));
    const form = screen.getByRole('form', { name: 'Edit SPRING24' });
    const fee = within(form).getByLabelText('Referral fee (%)');
    expect(fee).toHaveValue('30');
    await user.clear(fee);
    await user.type(fee, '120');
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    expect(await within(form).findByText('The referral fee is at most 100 %')).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, 'a quarter');
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    expect(await within(form).findByText(/The referral fee must be a number/)).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/access-codes/:code')).toHaveLength(0);

    await user.clear(fee);
    await user.click(within(form).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(patches).toEqual([{ referral_fee_percent: null }]));
  });
});
