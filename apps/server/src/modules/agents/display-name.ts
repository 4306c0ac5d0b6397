/** How the audit log names an agent: its display name, else its sign-in e-mail. */
export const agentDisplayName = (
  agent: { agent: string | null; agentFirstName: string | null; agentLastName: string | null },
  user?: { email: string } | null,
) =>
  agent.agent?.trim() ||
  `${agent.agentFirstName ?? ''} ${agent.agentLastName ?? ''}`.trim() ||
  user?.email ||
  'an agent';
