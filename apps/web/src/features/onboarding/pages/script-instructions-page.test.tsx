import type { AgentRecord } from '@portal/shared';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { ScriptInstructionsPage } from './script-instructions-page';

// Pages load on first visit (route-level code splitting); on a busy machine that takes more than
// the default second.
configure({ asyncUtilTimeout: 5_000 });

const CONFIRM = 'I have read the scripts and will record my videos from them';
const CONTINUE = /Mark done and continue/;

/**
 * The page, with a server that applies each PATCH to the record, as the real one does;
 * `inPortal`: in the whole portal, to follow the agent to the next step.
 */
function openScripts(agent: Partial<AgentRecord> = {}, patch?: Handler, inPortal = false) {
  const me = buildMe({
    agent_profile: {
      agent_first_name: 'Dana',
      agent_last_name: 'Reyes',
      brokerage: 'Sunrise Realty',
      ...agent,
    },
  });
  let record = me.agent_profile!;
  const mocks = mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, me),
    'PATCH /api/portal/me/agent_profile':
      patch ??
      ((request) => {
        const body = JSON.parse(request.body!) as Partial<AgentRecord>;
        record = {
          ...record,
          ...body,
          onboarding_steps: { ...record.onboarding_steps, ...body.onboarding_steps },
        };
        return json(200, record);
      }),
  });
  const patches = () =>
    mocks.callsTo('PATCH /api/portal/me/agent_profile').map((call) => JSON.parse(call.body!) as unknown);
  const url = '/onboarding/video/script_instructions';
  return { patches, ...(inPortal ? renderPortal(url) : renderApp(<ScriptInstructionsPage />, { url })) };
}

describe('the script instructions', () => {
  it("give each script in the agent's name, with its length", async () => {
    openScripts();
    await screen.findByRole('heading', { level: 1, name: 'Script instructions' });
    for (const title of ['Introduction video', 'FSBO seller video', 'Expired-listing video']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: '"Why list with me" video' })).toBeInTheDocument();
    expect(screen.getByLabelText('Script: Introduction video')).toHaveTextContent(
      "Hi, I'm Dana Reyes with Sunrise Realty.",
    );
    expect(screen.getAllByText('60 to 90 seconds')).toHaveLength(2);
  }, 15_000);

  it('will not continue without the confirmation, and say why', async () => {
    const { user, patches, location } = openScripts();
    await screen.findByRole('heading', { level: 1, name: 'Script instructions' });
    await user.click(screen.getByRole('button', { name: CONTINUE }));

    expect(await screen.findByText(/Tick the box to confirm you have read the scripts/)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: CONFIRM });
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/onboarding/video/script_instructions');
    expect(patches()).toEqual([]);
  }, 15_000);

  it('store the confirmation when ticked, then Continue marks the step done', async () => {
    const { user, patches, location } = openScripts({}, undefined, true);
    await user.click(await screen.findByRole('checkbox', { name: CONFIRM }));
    expect(screen.getByRole('checkbox', { name: CONFIRM })).toBeChecked();
    await user.click(screen.getByRole('button', { name: CONTINUE }));

    await screen.findByRole('heading', { level: 1, name: 'Video upload' });
    expect(location()).toBe('/onboarding/video/videos_upload');
    expect(patches()).toEqual([
      { scripts_documents_confirm: true },
      { onboarding_steps: { script_instructions: true } },
    ]);
  }, 15_000);

  it('turn the box at once, before the saved value comes back', async () => {
    const { patches } = openScripts();
    const box = await screen.findByRole('checkbox', { name: CONFIRM });
    fireEvent.click(box);
    expect(box).toBeChecked();
    await waitFor(() => expect(patches()).toEqual([{ scripts_documents_confirm: true }]));
    expect(box).toBeChecked();
  }, 15_000);

  it('untick the box again and say so when the save fails', async () => {
    const { user, patches, location } = openScripts({}, () =>
      json(500, { detail: 'Internal server error (request x)' }),
    );
    await user.click(await screen.findByRole('checkbox', { name: CONFIRM }));

    expect(await screen.findByText('Your confirmation was not saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: CONFIRM })).not.toBeChecked());
    await user.click(screen.getByRole('button', { name: CONTINUE }));
    expect(await screen.findByText(/Tick the box to confirm/)).toBeInTheDocument();
    expect(location()).toBe('/onboarding/video/script_instructions');
    expect(patches()).toEqual([{ scripts_documents_confirm: true }]);
  }, 15_000);

  it('take a confirmation back together with the step', async () => {
    const { user, patches } = openScripts({
      scripts_documents_confirm: true,
      onboarding_steps: { ...buildMe().agent_profile!.onboarding_steps, script_instructions: true },
    });
    const box = await screen.findByRole('checkbox', { name: CONFIRM });
    expect(box).toBeChecked();
    await user.click(box);

    await waitFor(() =>
      expect(patches()).toEqual([
        { scripts_documents_confirm: false, onboarding_steps: { script_instructions: false } },
      ]),
    );
    expect(await screen.findByText('Not yet')).toBeInTheDocument();
  }, 15_000);
});
