/** How /leads shows the queue (a user's preference; no zod here, so pages read it cheaply). */
export const LEADS_VIEWS = ['table', 'cards', 'board'] as const;
export type LeadsView = (typeof LEADS_VIEWS)[number];
