import {
  AGENT_RECIPIENT_REMOVAL_DETAIL,
  type AgentRecord,
  INACTIVE_PRIMARY_DETAIL,
  RECIPIENT_INVITATION_DETAIL,
  type Recipient,
} from '@portal/shared';
import { buildAgent, buildAgentRecipient, buildMe } from './factories';
import { type Handler, json, type MockRequest, mockFetch, signedInRefresh } from './fetch-mock';

const idOf = (request: MockRequest) => decodeURIComponent(request.path.split('?')[0]!.split('/').pop()!);

/**
 * A signed-in agent and the recipients endpoints answering as the server does, kept in memory.
 * The agent record's `recipients` mirror follows every change, so the lead_routing step moves as
 * it does for real. `extra` handlers replace the defaults (a refusal, a slow answer).
 */
export function recipientsServer(
  initial: Recipient[] = [buildAgentRecipient()],
  options: { agent?: Partial<AgentRecord>; extra?: Record<string, Handler> } = {},
) {
  let recipients = initial.map((recipient) => ({ ...recipient }));
  let created = 0;
  const agent = () =>
    buildAgent({
      ...options.agent,
      recipients: recipients.map(
        ({ first_name, last_name, phone_number, email, send_sms, send_email, phone_call }) => ({
          first_name,
          last_name,
          phone_number,
          email,
          send_sms,
          send_email,
          phone_call,
        }),
      ),
    });

  const mocks = mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent() })),
    'GET /api/portal/me/recipients': () => json(200, recipients),
    'POST /api/portal/me/recipients': (request) => {
      const body = JSON.parse(request.body ?? '{}') as Partial<Recipient>;
      created += 1;
      const recipient: Recipient = {
        _id: `new-${created}`,
        first_name: '',
        last_name: '',
        phone_number: '',
        email: '',
        send_sms: false,
        send_email: false,
        phone_call: false,
        is_active: true,
        is_primary: false,
        ...body,
        is_agent: false,
        // A new address is invited to confirm itself (SECURITY.md item 27).
        email_confirmed: false,
        email_invited_at: body.email ? new Date().toISOString() : null,
      };
      if (recipient.is_primary) recipients = recipients.map((item) => ({ ...item, is_primary: false }));
      recipients = [...recipients, recipient];
      return json(201, recipient);
    },
    'PATCH /api/portal/me/recipients/:id': (request) => {
      const current = recipients.find((item) => item._id === idOf(request));
      if (!current) return json(404, { detail: 'Not found' });
      const patch = JSON.parse(request.body ?? '{}') as Partial<Recipient>;
      const next = { ...current, ...patch };
      if (patch.is_primary && !next.is_active) return json(400, { detail: INACTIVE_PRIMARY_DETAIL });
      if (patch.is_primary) recipients = recipients.map((item) => ({ ...item, is_primary: false }));
      recipients = recipients.map((item) => (item._id === next._id ? next : item));
      return json(200, next);
    },
    'POST /api/portal/me/recipients/:id/resend-confirmation': (request) => {
      const id = decodeURIComponent(request.path.split('/').at(-2)!);
      const current = recipients.find((item) => item._id === id);
      if (!current) return json(404, { detail: 'Recipient not found' });
      recipients = recipients.map((item) =>
        item._id === id ? { ...item, email_invited_at: new Date().toISOString() } : item,
      );
      return json(202, { detail: RECIPIENT_INVITATION_DETAIL.sent });
    },
    'DELETE /api/portal/me/recipients/:id': (request) => {
      const current = recipients.find((item) => item._id === idOf(request));
      if (!current) return json(404, { detail: 'Not found' });
      if (current.is_agent) return json(400, { detail: AGENT_RECIPIENT_REMOVAL_DETAIL });
      recipients = recipients.filter((item) => item._id !== current._id);
      return new Response(null, { status: 204 });
    },
    ...options.extra,
  });
  return { ...mocks, recipients: () => recipients };
}
