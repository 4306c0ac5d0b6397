/**
 * The portal's look in e-mails: the web app's theme tokens (apps/web/src/styles.css), written
 * out because e-mail clients read only inline styles.
 */
export const BRAND = {
  name: 'Agent Portal',
  primary: '#15803d',
  primaryText: '#166534',
  primarySoft: '#f0fdf4',
  foreground: '#18181b',
  muted: '#f4f4f5',
  mutedForeground: '#52525b',
  border: '#d4d4d8',
  background: '#ffffff',
  font: "Inter, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The wordmark as an SVG, for /brand/logo.png (the e-mails themselves show it as text). */
export function logoSvg(company: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="80" viewBox="0 0 360 80"><rect width="360" height="80" rx="14" fill="${BRAND.primary}"/><text x="28" y="52" font-family="Arial, Helvetica, sans-serif" font-size="32" font-weight="700" fill="#ffffff">${escapeXml(company)}</text></svg>`;
}
