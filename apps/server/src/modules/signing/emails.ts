/** The e-mail that asks the broker of record to sign the master referral agreement (SPEC.md section 9). */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface BrokerEmailInput {
  brokerName: string;
  agentName: string;
  link: string;
  logoUrl: string;
  company: string;
  reminder: number;
  expiresAt: Date | null;
}

export function brokerSigningEmail(input: BrokerEmailInput) {
  // A header never carries a line break, whatever the profile holds.
  const subject = `Request for ${input.brokerName.replace(/[\r\n]+/g, ' ')} - Realty`;
  const intro = input.reminder
    ? `A reminder: ${input.agentName} is waiting for your signature.`
    : `${input.agentName} has signed the master referral agreement with ${input.company} and named you as broker of record.`;
  const note =
    'Please review and sign the master referral agreement. Open the document, read it, and sign it online; it takes a minute.';
  const expiry = input.expiresAt
    ? `The link is for you alone, works once, and expires on ${input.expiresAt.toUTCString()}.`
    : 'The link is for you alone.';
  const text = [
    `Hello ${input.brokerName},`,
    '',
    intro,
    note,
    '',
    `Open Document: ${input.link}`,
    '',
    expiry,
    `If you are not ${input.agentName}'s broker of record, please ignore this e-mail.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p style="margin:0 0 24px"><img src="${escapeHtml(input.logoUrl)}" alt="${escapeHtml(input.company)}" width="180" height="40" style="display:block"></p>
<h1 style="font-size:20px">Request for ${escapeHtml(input.brokerName)}</h1>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px">${escapeHtml(note)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">Open Document</a></p>
<p style="font-size:12px;color:#555">Or paste this address into your browser: ${escapeHtml(input.link)}</p>
<p style="font-size:12px;color:#555">${escapeHtml(expiry)} If you are not ${escapeHtml(input.agentName)}'s broker of record, please ignore this e-mail.</p>
</body></html>`;
  return {
    subject,
    text,
    html,
    template: input.reminder ? 'broker_signing_reminder' : 'broker_signing_request',
  };
}

/** The signed copy, sent to every signer when the last one signs. */
export function completedEmail(input: {
  title: string;
  names: string;
  signerName: string;
  verifyUrl: string;
}) {
  const lines = [
    `The ${input.title} has been signed by ${input.names}.`,
    'The signed copy is attached. Its last page is the audit certificate: who signed, when, and from where.',
    `Anyone can check that a copy is genuine at ${input.verifyUrl}.`,
  ];
  return {
    subject: `Completed: ${input.title}`,
    template: 'agreement_completed',
    text: [`Hello ${input.signerName},`, '', ...lines].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(input.title)} completed</h1><p>Hello ${escapeHtml(input.signerName)},</p>${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('')}</body></html>`,
  };
}

/** The portal's wordmark as an SVG, rendered to PNG once for e-mail clients. */
export function logoSvg(company: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="80" viewBox="0 0 360 80"><rect width="360" height="80" rx="14" fill="#15803d"/><text x="28" y="52" font-family="Arial, Helvetica, sans-serif" font-size="32" font-weight="700" fill="#ffffff">${escapeHtml(company)}</text></svg>`;
}
