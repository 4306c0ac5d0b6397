/** The portal's account e-mails: plain text first, with a simple HTML twin. */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">Or paste this address into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}</body></html>`;
}

export interface Email {
  subject: string;
  text: string;
  html: string;
  template: string;
}

export function verifyEmailMessage(link: string): Email {
  const lines = [
    'Please confirm that this is your e-mail address for the agent portal.',
    'The link works once and expires in one hour.',
  ];
  return {
    template: 'verify_email',
    subject: 'Confirm your e-mail address',
    text: `${lines.join('\n')}\n\n${link}\n\nIf you did not ask for this, you can ignore this message.`,
    html: layout('Confirm your e-mail address', lines, { label: 'Confirm my address', url: link }),
  };
}

export function passwordResetMessage(link: string): Email {
  const lines = [
    'Someone asked to reset the password of your agent portal account.',
    'The link works once and expires in one hour. Resetting signs you out everywhere.',
  ];
  return {
    template: 'password_reset',
    subject: 'Reset your password',
    text: `${lines.join('\n')}\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url: link }),
  };
}

export function magicLinkMessage(link: string): Email {
  const lines = [
    'Here is your sign-in link for the agent portal.',
    'It works once and expires in 10 minutes.',
  ];
  return {
    template: 'magic_link',
    subject: 'Your sign-in link',
    text: `${lines.join('\n')}\n\n${link}\n\nIf you did not ask for it, ignore this message.`,
    html: layout('Your sign-in link', lines, { label: 'Sign in', url: link }),
  };
}

export function registrationAttemptMessage(loginUrl: string, resetUrl: string): Email {
  const lines = [
    'Someone tried to register a new agent portal account with this e-mail address, which already has an account.',
    `If it was you, sign in at ${loginUrl}, or reset your password at ${resetUrl}.`,
    'If it was not you, no action is needed.',
  ];
  return {
    template: 'registration_attempt',
    subject: 'You already have an account',
    text: lines.join('\n\n'),
    html: layout('You already have an account', lines, { label: 'Sign in', url: loginUrl }),
  };
}

export function corporateLinkMessage(link: string, officeName: string): Email {
  const lines = [
    `The portal team opened the agent portal for ${officeName}: your agents, their groups and their leads.`,
    'The link signs you in once and expires in 24 hours. Ask the portal team for a new one when you need it.',
  ];
  return {
    template: 'corporate_login',
    subject: 'Your sign-in link to the agent portal',
    text: `${lines.join('\n')}\n\n${link}\n\nIf you did not expect this, ignore this message.`,
    html: layout('Your sign-in link', lines, { label: 'Sign in', url: link }),
  };
}
