/**
 * The only reader of import.meta.env. VITE_API_BASE points the portal at another API host;
 * by default the API is served by the same origin under /api. Plain code rather than a schema:
 * this module is on every page's first load.
 */
const setting = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const apiBase = setting(import.meta.env.VITE_API_BASE);

export const env = {
  apiBase: apiBase ? apiBase.replace(/\/+$/, '') : '/api',
  appName: setting(import.meta.env.VITE_APP_NAME) || 'Agent Referral Portal',
} as const;
