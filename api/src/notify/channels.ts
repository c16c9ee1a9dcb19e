import type { Transporter } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import { PermanentJobError } from '../jobs/runner.ts';

// The three ways a lead reaches the sales team. Each send either resolves (delivered), throws
// an Error (try again later: the channel is down, slow or rate limiting) or throws a
// PermanentJobError (trying again cannot help: a wrong chat id, a refused address). Error
// messages never carry secrets (the bot token sits in Telegram's URL).

const TIMEOUT_MS = 10_000;

function within(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return 'timed out';
  if ((error as Error).name === 'AbortError') return 'aborted';
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** A retryable HTTP status: the service is down, overloaded or rate limiting. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

export interface TelegramTarget {
  apiUrl: string;
  token: string;
  chatId: string;
}

/** Bot API `sendMessage` in HTML parse mode, without link previews. */
export async function sendTelegram(
  target: TelegramTarget,
  html: string,
  signal?: AbortSignal,
): Promise<void> {
  const url = `${target.apiUrl.replace(/\/+$/, '')}/bot${target.token}/sendMessage`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chat_id: target.chatId,
        text: html,
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      }),
      signal: within(signal, TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`Telegram: ${networkReason(error)}`, { cause: error });
  }
  const body = (await response.json().catch(() => null)) as {
    ok?: boolean;
    description?: string;
  } | null;
  if (response.ok && body?.ok) return;
  const reason = `Telegram: ${response.status} ${body?.description ?? response.statusText}`;
  if (retryable(response.status)) throw new Error(reason);
  throw new PermanentJobError(reason);
}

const transports = new Map<string, Transporter>();

/**
 * One pooled SMTP transport per SMTP_URL, made on first use; nodemailer itself is loaded then
 * too (a server without SMTP_URL never loads it).
 */
async function transport(smtpUrl: string): Promise<Transporter> {
  let made = transports.get(smtpUrl);
  if (!made) {
    const { default: nodemailer } = await import('nodemailer');
    made =
      transports.get(smtpUrl) ??
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS * 3,
      });
    transports.set(smtpUrl, made);
  }
  return made;
}

/** Closes the SMTP connections (at shutdown). */
export function closeMailTransports(): void {
  for (const made of transports.values()) made.close();
  transports.clear();
}

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendEmail(smtpUrl: string, mail: Mail): Promise<void> {
  try {
    await (await transport(smtpUrl)).sendMail(mail);
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    const reason = `E-mail: ${code ? `${code} ` : ''}${(error as Error).message}`;
    // SMTP's 5xx replies are permanent (no such mailbox, refused); 4xx and no reply are not.
    if (code !== undefined && code >= 500) throw new PermanentJobError(reason, { cause: error });
    throw new Error(reason, { cause: error });
  }
}

/**
 * Posts an event signed in the Standard Webhooks format (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). The id stays the same on every retry, so a receiver can drop repeats.
 * A secret that starts with `whsec_` is the standard base64 form; any other is used as is.
 */
export async function sendWebhook(
  url: string,
  secret: string,
  message: { id: string; body: unknown; now: Date },
  signal?: AbortSignal,
): Promise<void> {
  const payload = JSON.stringify(message.body);
  const signer = secret.startsWith('whsec_')
    ? new Webhook(secret)
    : new Webhook(secret, { format: 'raw' });
  const signature = signer.sign(message.id, message.now, payload);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(message.now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: payload,
      signal: within(signal, TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`Webhook ${new URL(url).host}: ${networkReason(error)}`, { cause: error });
  }
  await response.body?.cancel();
  if (response.ok) return;
  const reason = `Webhook ${new URL(url).host}: ${response.status} ${response.statusText}`;
  if (retryable(response.status)) throw new Error(reason);
  throw new PermanentJobError(reason);
}
