import { type SmsMessage, type SmsProvider, SmsProviderError } from './interface';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com, or a fake in tests. */
  apiBase: string;
  requestTimeoutMs?: number;
}

/** HTTP statuses Twilio uses for "this message can never be sent as it is" (bad number, blocked). */
const PERMANENT_STATUSES = new Set([400, 404, 422]);

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Retry-After in seconds or as an HTTP date; nothing usable gives undefined. */
function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds > 0 ? Math.min(seconds, 3600) : undefined;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(1, Math.ceil((at - Date.now()) / 1000)), 3600);
}

/** Production adapter: Twilio's REST API (Messages resource) over fetch, no SDK. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';

  constructor(private readonly options: TwilioOptions) {}

  async send(message: SmsMessage) {
    return this.post('Messages', 'message', message, {
      To: message.to,
      From: message.from,
      Body: message.body,
    });
  }

  /** Calls resource: Twilio reads the script out (TwiML <Say>) when the call is answered. */
  async call(message: SmsMessage) {
    const twiml = `<Response><Say voice="alice">${escapeXml(message.body)}</Say></Response>`;
    return this.post('Calls', 'call', message, { To: message.to, From: message.from, Twiml: twiml });
  }

  private async post(
    resource: 'Messages' | 'Calls',
    what: string,
    message: SmsMessage,
    form: Record<string, string>,
  ) {
    const { accountSid, authToken, apiBase } = this.options;
    const url = `${apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/${resource}.json`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason =
        error instanceof Error ? (error.cause as Error | undefined)?.message || error.message : '';
      throw new SmsProviderError(`Twilio could not be reached: ${reason || String(error)}`);
    }

    const payload = (await response.json().catch(() => null)) as {
      sid?: string;
      code?: number;
      message?: string;
    } | null;
    if (!response.ok) {
      const code = payload?.code;
      const detail = payload?.message ?? `HTTP ${response.status}`;
      throw new SmsProviderError(`Twilio refused the ${what}${code ? ` (error ${code})` : ''}: ${detail}`, {
        code,
        status: response.status,
        permanent: PERMANENT_STATUSES.has(response.status),
        retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
      });
    }
    // Accepted: even an unreadable answer must not make us send the message a second time.
    return { providerMessageId: payload?.sid ?? `twilio:${message.id}` };
  }
}
