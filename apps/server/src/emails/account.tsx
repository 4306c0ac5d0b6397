/** @jsxRuntime automatic */
import type { PortalLang } from '@portal/shared';
import { ActionButton, Note, Paragraph, TextLink } from './layout';
import { type Email, renderEmail, textLink } from './render';

/**
 * The account e-mails: a sign-in, verification or reset link on a button. Their template names
 * give them priority over lead traffic in the outbox (ACCOUNT_TEMPLATES), so they stay as they are.
 */

interface LinkMessage {
  template: string;
  /** The language it is written in (the HTML's lang); English unless said. */
  lang?: PortalLang;
  subject: string;
  preview: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** A second, lesser way on, shown as a link under the button. */
  secondary?: { label: string; url: string };
  note: string;
}

function LinkMessageBody({ message }: { message: LinkMessage }) {
  return (
    <>
      {message.paragraphs.map((p) => (
        <Paragraph key={p}>{p}</Paragraph>
      ))}
      <ActionButton href={message.action.url}>{message.action.label}</ActionButton>
      {message.secondary ? (
        <Paragraph>
          <TextLink href={message.secondary.url}>{message.secondary.label}</TextLink>
        </Paragraph>
      ) : null}
      <Note>{message.note}</Note>
    </>
  );
}

function linkMessage(message: LinkMessage): Promise<Email> {
  return renderEmail({
    template: message.template,
    lang: message.lang,
    subject: message.subject,
    preview: message.preview,
    heading: message.heading,
    body: <LinkMessageBody message={message} />,
    text: [
      message.heading,
      message.paragraphs.join('\n'),
      textLink(message.action.label, message.action.url),
      message.secondary && textLink(message.secondary.label, message.secondary.url),
      message.note,
    ],
  });
}

export const verifyEmailMessage = (link: string) =>
  linkMessage({
    template: 'verify_email',
    subject: 'Confirm your e-mail address',
    preview: 'One click confirms the address of your agent portal account.',
    heading: 'Confirm your e-mail address',
    paragraphs: ['Please confirm that this is your e-mail address for the agent portal.'],
    action: { label: 'Confirm my address', url: link },
    note: 'The link works once and expires in one hour. If you did not ask for this, you can ignore this message.',
  });

/** The reset link, in the language of the recovery page it was asked for on (/recovery, /es/recovery). */
const PASSWORD_RESET_WORDS = {
  en: {
    subject: 'Reset your password',
    preview: 'Choose a new password for your agent portal account.',
    paragraphs: [
      'Someone asked to reset the password of your agent portal account.',
      'Resetting signs you out everywhere.',
    ],
    action: 'Choose a new password',
    note: 'The link works once and expires in one hour. If it was not you, ignore this message: your password stays as it is.',
  },
  es: {
    subject: 'Restablezca su contraseña',
    preview: 'Elija una contraseña nueva para su cuenta del portal de agentes.',
    paragraphs: [
      'Alguien ha pedido restablecer la contraseña de su cuenta del portal de agentes.',
      'Al restablecerla se cerrará la sesión en todos sus dispositivos.',
    ],
    action: 'Elegir una contraseña nueva',
    note: 'El enlace funciona una sola vez y caduca en una hora. Si no fue usted, ignore este mensaje: su contraseña no cambia.',
  },
} as const satisfies Record<PortalLang, unknown>;

export const passwordResetMessage = (link: string, lang: PortalLang = 'en') => {
  const words = PASSWORD_RESET_WORDS[lang];
  return linkMessage({
    template: 'password_reset',
    lang,
    subject: words.subject,
    preview: words.preview,
    heading: words.subject,
    paragraphs: [...words.paragraphs],
    action: { label: words.action, url: link },
    note: words.note,
  });
};

/** To the owner after a password change from the account menu. */
export const passwordChangedMessage = (resetUrl: string) =>
  linkMessage({
    template: 'password_changed',
    subject: 'Your password was changed',
    preview: 'The password of your agent portal account was just changed.',
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your agent portal account was just changed from the account menu, and every other device signed in to the account was signed out.',
      'If you made this change, there is nothing more to do.',
    ],
    action: { label: 'Reset your password', url: resetUrl },
    note: 'If it was not you, reset your password now with the button above: a reset signs everyone out.',
  });

export const magicLinkMessage = (link: string) =>
  linkMessage({
    template: 'magic_link',
    subject: 'Your sign-in link',
    preview: 'Sign in to the agent portal without a password.',
    heading: 'Your sign-in link',
    paragraphs: ['Here is your sign-in link for the agent portal.'],
    action: { label: 'Sign in', url: link },
    note: 'The link works once and expires in 10 minutes. If you did not ask for it, ignore this message.',
  });

/**
 * A sign-in link to a lead recipient (a team member with no account of their own): it opens only
 * the leads one agent shares with them, so it names the agent. Empty `agentName`: the agent
 * record has no name yet. The template name keeps its priority over lead traffic.
 */
export const recipientMagicLinkMessage = (link: string, agentName: string) => {
  const whose = agentName ? `the leads ${agentName} shares with you` : 'the leads shared with you';
  return linkMessage({
    template: 'magic_link',
    subject: agentName ? `Sign in to see ${agentName}'s leads` : 'Your sign-in link',
    preview: `Sign in to see ${whose} on the agent portal.`,
    heading: 'Your sign-in link',
    paragraphs: [`Sign in to see ${whose}. You can read each lead, its activity, and add notes.`],
    action: { label: 'Sign in', url: link },
    note: 'The link works once and expires in 10 minutes. If you did not ask for it, ignore this message.',
  });
};

/** The link that creates a new account: registration finishes only from the owner's mailbox. */
export const registrationLinkMessage = (link: string) =>
  linkMessage({
    template: 'registration_link',
    subject: 'Finish creating your account',
    preview: 'One click creates your agent portal account and starts your signup.',
    heading: 'Finish creating your account',
    paragraphs: [
      'Thank you for joining the agent portal. Open the link below to confirm this address: your account is created and your signup continues where you left it.',
    ],
    action: { label: 'Create my account', url: link },
    note: 'The link works once and expires in one hour. If you did not sign up, ignore this message: no account is created.',
  });

export const registrationAttemptMessage = (loginUrl: string, resetUrl: string) =>
  linkMessage({
    template: 'registration_attempt',
    subject: 'You already have an account',
    preview: 'Someone tried to register with this address, which already has an account.',
    heading: 'You already have an account',
    paragraphs: [
      'Someone tried to register a new agent portal account with this e-mail address, which already has an account.',
      'If it was you, sign in, or reset your password if you have forgotten it.',
    ],
    action: { label: 'Sign in', url: loginUrl },
    secondary: { label: 'Reset your password', url: resetUrl },
    note: 'If it was not you, no action is needed.',
  });

export const corporateLinkMessage = (link: string, officeName: string) =>
  linkMessage({
    template: 'corporate_login',
    subject: 'Your sign-in link to the agent portal',
    preview: `The agent portal for ${officeName}: your agents, their groups and their leads.`,
    heading: 'Your sign-in link',
    paragraphs: [
      `The portal team opened the agent portal for ${officeName}: your agents, their groups and their leads.`,
    ],
    action: { label: 'Sign in', url: link },
    note: 'The link signs you in once and expires in 24 hours. Ask the portal team for a new one when you need it. If you did not expect this, ignore this message.',
  });

/**
 * To an address an agent put on their routing list: who added it, and the link that confirms it.
 * Until it is opened the agent's e-mail composer cannot write to the address (SECURITY.md item 27);
 * lead notifications do not wait for it.
 */
export const recipientInvitationMessage = (link: string, agentName: string) =>
  linkMessage({
    template: 'recipient_invitation',
    subject: `${agentName} added you to receive their leads`,
    preview: `Confirm this address to receive e-mails from ${agentName} through the agent portal.`,
    heading: 'Confirm your e-mail address',
    paragraphs: [
      `${agentName} added you to receive their leads on the agent portal, with this e-mail address.`,
      `Please confirm this address: ${agentName} can then also write to you from the portal. Lead notifications come either way.`,
    ],
    action: { label: 'Confirm this address', url: link },
    note: `The link works once and expires in 7 days. If you do not know ${agentName} or do not want their e-mails, ignore this message: the address stays unconfirmed.`,
  });
