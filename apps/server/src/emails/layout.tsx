/** @jsxRuntime automatic */

import type { PortalLang } from '@portal/shared';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { BRAND } from './brand';

/**
 * The one frame every e-mail of the portal shares: the wordmark, a white card with the message,
 * and a short footer. Inline styles only: most e-mail clients drop <style> and classes.
 */

const styles = {
  body: {
    backgroundColor: BRAND.muted,
    color: BRAND.foreground,
    fontFamily: BRAND.font,
    margin: 0,
    padding: '24px 0',
  },
  container: { maxWidth: '560px', width: '100%', margin: '0 auto', padding: '0 12px' },
  header: { padding: '0 0 16px' },
  wordmark: {
    display: 'inline-block',
    backgroundColor: BRAND.primary,
    color: '#ffffff',
    borderRadius: '8px',
    padding: '6px 12px',
    fontSize: '18px',
    fontWeight: 700,
    lineHeight: '24px',
    letterSpacing: '0.2px',
    margin: 0,
  },
  card: {
    backgroundColor: BRAND.background,
    border: `1px solid ${BRAND.border}`,
    borderRadius: '12px',
    padding: '24px',
  },
  heading: { fontSize: '22px', lineHeight: '28px', fontWeight: 700, margin: '0 0 16px' },
  paragraph: { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  note: { fontSize: '14px', lineHeight: '20px', color: BRAND.mutedForeground, margin: '16px 0 0' },
  footer: {
    fontSize: '12px',
    lineHeight: '18px',
    color: BRAND.mutedForeground,
    margin: '16px 0 0',
    textAlign: 'center',
  },
  button: {
    backgroundColor: BRAND.primary,
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    lineHeight: '24px',
    padding: '12px 20px',
    textDecoration: 'none',
  },
  actions: { margin: '8px 0 16px' },
  link: { color: BRAND.primaryText, textDecoration: 'underline' },
  table: { borderCollapse: 'collapse', width: '100%', margin: '0 0 16px' },
  th: {
    textAlign: 'left',
    verticalAlign: 'top',
    fontSize: '14px',
    // The value's line height, so that label and value share a baseline.
    lineHeight: '22px',
    fontWeight: 600,
    color: BRAND.mutedForeground,
    padding: '8px 12px 8px 0',
    borderBottom: `1px solid ${BRAND.border}`,
    whiteSpace: 'nowrap',
    width: '1%',
  },
  td: {
    fontSize: '16px',
    lineHeight: '22px',
    padding: '8px 0',
    borderBottom: `1px solid ${BRAND.border}`,
    wordBreak: 'break-word',
  },
} satisfies Record<string, CSSProperties>;

/**
 * The frame with its slots; `preview` is the hidden inbox line, already an element, and `lang`
 * the language the e-mail is written in.
 */
export function EmailFrame(props: {
  lang: string;
  preview: ReactNode;
  heading: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang={props.lang} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Body style={styles.body}>
        {props.preview}
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.wordmark}>{BRAND.name}</Text>
          </Section>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.heading}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Text style={styles.footer}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The footer's words: why this e-mail came, then the portal's name. */
export const footerLine = (footer?: string): ReactNode =>
  footer ? (
    <>
      {footer}
      <br />
      {BRAND.name}
    </>
  ) : (
    BRAND.name
  );

/** What every e-mail fills in the frame. */
export interface EmailParts {
  /** The language it is written in; English unless said. */
  lang?: PortalLang;
  /** The line an inbox shows after the subject. */
  preview: string;
  heading: string;
  /** Why this e-mail came, or what to do if it was not expected. */
  footer?: string;
  body: ReactNode;
}

/** The whole e-mail as one element (previews, tests); sending fills a cached frame instead. */
export const EmailLayout = ({ parts }: { parts: EmailParts }) => (
  <EmailFrame
    lang={parts.lang ?? 'en'}
    preview={<Preview>{parts.preview}</Preview>}
    heading={parts.heading}
    footer={footerLine(parts.footer)}
  >
    {parts.body}
  </EmailFrame>
);

export const Paragraph = ({ children }: { children: ReactNode }) => (
  <Text style={styles.paragraph}>{children}</Text>
);

/** Small print under the message: expiry, what to do if it was not expected. */
export const Note = ({ children }: { children: ReactNode }) => <Text style={styles.note}>{children}</Text>;

/** The e-mail's one action: a short label on a button, never the raw address. */
export const ActionButton = ({ href, children }: { href: string; children: ReactNode }) => (
  <Section style={styles.actions}>
    <Button href={href} style={styles.button}>
      {children}
    </Button>
  </Section>
);

export const TextLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link href={href} style={styles.link}>
    {children}
  </Link>
);

/** A label and its value; a row whose value is missing is left out, never shown as a dash. */
export type DetailRow = [label: string, value: ReactNode];

export const presentRows = <T extends [string, unknown]>(rows: T[]): T[] =>
  rows.filter(([, value]) => value !== null && value !== undefined && value !== false && value !== '');

export function Details({ rows }: { rows: DetailRow[] }) {
  const shown = presentRows(rows);
  if (shown.length === 0) return null;
  return (
    <table cellPadding={0} cellSpacing={0} style={styles.table}>
      <tbody>
        {shown.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" style={styles.th}>
              {label}
            </th>
            <td style={styles.td}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
