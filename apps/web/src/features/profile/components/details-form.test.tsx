import type { AgentRecord } from '@portal/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { ProfileOverviewPage } from '../pages/profile-overview-page';

// Pages load on first visit (route-level code splitting); on a busy machine that takes more than
// the default second.
configure({ asyncUtilTimeout: 5_000 });

const onFile = {
  agent_first_name: 'Alex',
  agent_last_name: 'Agent',
  agent_phone: '+16025550142',
  mailing_address: { street: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85004' },
  mobile_device: 'iphone',
  timezone: 'America/Denver',
} satisfies Partial<AgentRecord>;

/** The details page; `inPortal`: in the whole portal, with the profile's section tabs. */
function openDetails({
  agent = {},
  patch,
  inPortal = false,
}: {
  agent?: Partial<AgentRecord>;
  patch?: Handler;
  inPortal?: boolean;
} = {}) {
  const record = buildAgent({ ...onFile, ...agent });
  const mocks = mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ email: 'alex@example.com', agent_profile: record })),
    'PATCH /api/portal/me/agent_profile':
      patch ??
      ((request) => json(200, { ...record, ...(JSON.parse(request.body!) as Partial<AgentRecord>) })),
  });
  const patches = () =>
    mocks.callsTo('PATCH /api/portal/me/agent_profile').map((call) => JSON.parse(call.body!) as unknown);
  const rendered = inPortal
    ? renderPortal('/profile')
    : renderApp(<ProfileOverviewPage />, { url: '/profile' });
  return { ...mocks, patches, ...rendered };
}

describe('the profile details form', () => {
  it('shows the record, with the sign-in e-mail read-only and how to change it', async () => {
    openDetails();
    expect(await screen.findByLabelText('First name')).toHaveValue('Alex');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('(602) 555-0142');
    expect(screen.getByLabelText('City')).toHaveValue('Phoenix');
    expect(screen.getByRole('radio', { name: 'iPhone' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Mountain — Denver/ })).toBeChecked();
    expect(screen.getByText('alex@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /sign-in e-mail/i })).not.toBeInTheDocument();
    expect(screen.getByText(/contact the office/)).toBeInTheDocument();
    // The lead types; the page's e-mail switch is outside the form.
    expect(within(screen.getByRole('form', { name: 'Your details' })).getAllByRole('switch')).toHaveLength(8);
    expect(screen.getByRole('switch', { name: 'Inherited homes' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  }, 15_000);

  it('explains what is wrong and sends nothing until it is right', async () => {
    const { user, patches } = openDetails();
    const first = await screen.findByLabelText('First name');
    const phone = screen.getByLabelText('Mobile phone');
    await user.clear(first);
    await user.clear(phone);
    await user.type(phone, '555');
    await user.clear(screen.getByLabelText('ZIP code'));
    await user.type(screen.getByLabelText('ZIP code'), '850');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number, for example (602) 555-0142')).toBeInTheDocument();
    expect(screen.getByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveFocus();
    expect(phone).toHaveValue('555');
    expect(patches()).toEqual([]);
  }, 15_000);

  it('sends only the fields that changed, then says so', async () => {
    const { user, patches } = openDetails();
    const last = await screen.findByLabelText('Last name');
    await user.clear(last);
    await user.type(last, '  Smith ');
    // The same number typed another way is no change.
    await user.clear(screen.getByLabelText('Mobile phone'));
    await user.type(screen.getByLabelText('Mobile phone'), '602-555-0142');
    await user.click(screen.getByRole('radio', { name: /Eastern — New York/ }));
    await user.click(screen.getByRole('switch', { name: 'Divorce' }));
    expect(screen.getByText('Unsaved changes: Name, Contact, Time zone, Lead types.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(patches()).toEqual([{ agent_last_name: 'Smith', timezone: 'America/New_York', divorced: false }]);
    await waitFor(() => expect(screen.getByText('No unsaved changes.')).toBeInTheDocument());
    expect(screen.getByLabelText('Last name')).toHaveValue('Smith');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('(602) 555-0142');
    expect(screen.getByRole('switch', { name: 'Divorce' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  }, 15_000);

  it('sends a changed address whole, and leaves an empty one out when there is none on file', async () => {
    const { user, patches } = openDetails({ agent: { mailing_address: null, mobile_device: 'pending' } });
    await user.click(await screen.findByRole('switch', { name: 'Absentee owners' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your details are saved.');

    await user.type(screen.getByLabelText('Street address'), '9 Elm Rd');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('City is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('City'), 'Mesa');
    await user.selectOptions(screen.getByLabelText('State'), 'AZ');
    await user.type(screen.getByLabelText('ZIP code'), '85201');
    await user.click(screen.getByRole('radio', { name: 'Android' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()).toEqual([
      { absentee: false },
      {
        mailing_address: { street: '9 Elm Rd', city: 'Mesa', state: 'AZ', zip: '85201' },
        mobile_device: 'android',
      },
    ]);
  }, 15_000);

  it('shows the server’s reason and keeps everything typed when the save is refused', async () => {
    const { user } = openDetails({
      patch: () => json(400, { detail: 'agent_phone: This number cannot receive text messages' }),
    });
    const phone = await screen.findByLabelText('Mobile phone');
    await user.clear(phone);
    await user.type(phone, '(480) 555-0199');
    await user.click(screen.getByRole('switch', { name: 'Recent buyers' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This number cannot receive text messages');
    expect(within(alert).getByText(/What you typed is still here/)).toBeInTheDocument();
    expect(await screen.findByText('Your details were not saved')).toBeInTheDocument();
    expect(phone).toHaveValue('(480) 555-0199');
    expect(screen.getByRole('switch', { name: 'Recent buyers' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  }, 15_000);

  it('asks before leaving with unsaved changes, and stays when asked to', async () => {
    const { user, location } = openDetails({ inPortal: true });
    const first = await screen.findByLabelText('First name');
    await user.type(first, 'ie');
    await user.click(screen.getByRole('link', { name: 'Team' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to name are not saved yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(location()).toBe('/profile');
    expect(screen.getByLabelText('First name')).toHaveValue('Alexie');

    await user.click(screen.getByRole('link', { name: 'Team' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location()).toBe('/profile/team'));
  }, 15_000);
});

describe('/profile-old', () => {
  it('leads to /profile', async () => {
    mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ agent_profile: onFile })),
    });
    const { location } = renderPortal('/profile-old');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(location()).toBe('/profile');
  }, 15_000);
});
