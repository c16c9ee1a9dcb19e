import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BuildError, type BuildResult } from './queue.ts';

export const SIGNATURE_HEADER = 'x-conveyor-signature';
export const TIMESTAMP_HEADER = 'x-conveyor-timestamp';
/** A signed event older (or further in the future) than this is refused: no replays. */
export const MAX_SKEW_MS = 5 * 60_000;

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<raw body>`. */
export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Why a signed request is refused, or null when it is genuine and fresh. */
export function verify(
  secret: string,
  headers: { signature?: string | undefined; timestamp?: string | undefined },
  body: string,
  now = Date.now(),
): string | null {
  if (!secret) return 'webhook secret not configured';
  const { signature, timestamp } = headers;
  if (!signature || !timestamp) return 'missing signature';
  const time = Number(timestamp);
  if (!Number.isFinite(time) || Math.abs(now - time) > MAX_SKEW_MS) return 'stale timestamp';
  const expected = Buffer.from(sign(secret, timestamp, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return 'bad signature';
  }
  return null;
}

export interface WebhookOptions {
  urls: string[];
  secret: string;
  timeoutMs: number;
  retries: number;
  /** First retry delay; doubled each time. */
  backoffMs: number;
}

/**
 * The build step when PUBLISH_WEBHOOK_URLS is set: instead of building here, the API announces
 * the rebuild to each URL (the bundled runner on another machine, a CDN's or CI's build hook)
 * as a signed JSON event, with a timeout and retries with backoff. It succeeds when every URL
 * accepted the event (2xx).
 */
export function webhookAnnouncer(options: WebhookOptions, log: FastifyBaseLogger) {
  return async (): Promise<BuildResult> => {
    const body = JSON.stringify({ type: 'rebuild', sentAt: new Date().toISOString() });
    const lines: string[] = [];
    for (const url of options.urls) {
      let delivered = false;
      for (let attempt = 0; attempt <= options.retries && !delivered; attempt++) {
        if (attempt > 0) {
          await new Promise((resolve) =>
            setTimeout(resolve, options.backoffMs * 2 ** (attempt - 1)),
          );
        }
        const timestamp = String(Date.now());
        try {
          const reply = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              [TIMESTAMP_HEADER]: timestamp,
              [SIGNATURE_HEADER]: sign(options.secret, timestamp, body),
            },
            body,
            signal: AbortSignal.timeout(options.timeoutMs),
          });
          lines.push(`${url}: ${reply.status} (attempt ${attempt + 1})`);
          delivered = reply.ok;
        } catch (error) {
          lines.push(`${url}: ${(error as Error).message} (attempt ${attempt + 1})`);
        }
      }
      if (!delivered) {
        log.error({ url }, 'the rebuild webhook was not accepted');
        throw new BuildError(`the webhook ${url} did not accept the rebuild`, lines.join('\n'));
      }
    }
    return { pages: 0, release: '', logTail: lines.join('\n') };
  };
}
