import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { BuildError, type BuildResult } from './types.ts';

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
 * A webhook URL as shown in the build record and the log: no user, password or query, and a
 * long path segment (a build hook's secret id) masked but for its last four characters.
 */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname
      .split('/')
      .map((segment) => (segment.length >= 16 ? `…${segment.slice(-4)}` : segment))
      .join('/');
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return '(not a URL)';
  }
}

/** A refusal a retry would only repeat: 4xx, except 408 (timeout) and 429 (too many). */
function refused(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * The build step when PUBLISH_WEBHOOK_URLS is set: instead of building here, the API announces
 * the rebuild to each URL (the bundled runner on another machine, a CDN's or CI's build hook)
 * as a signed JSON event, with a timeout and retries with backoff (none after a 4xx refusal but
 * 408 and 429). Every URL is called even when one fails; the step fails, naming the URLs that
 * did not accept, unless all did (2xx). Its record says 'announced': the site is built there.
 */
export function webhookAnnouncer(options: WebhookOptions, log: Pick<FastifyBaseLogger, 'error'>) {
  return async (signal?: AbortSignal): Promise<BuildResult> => {
    // a random id makes every call's signature unique, which is what the receiver keeps against replays
    const body = JSON.stringify({
      type: 'rebuild',
      id: randomUUID(),
      sentAt: new Date().toISOString(),
    });
    const lines: string[] = [];
    const failed: string[] = [];
    for (const url of options.urls) {
      const shown = displayUrl(url);
      let delivered = false;
      for (let attempt = 0; attempt <= options.retries && !signal?.aborted; attempt++) {
        if (attempt > 0) {
          await delay(options.backoffMs * 2 ** (attempt - 1), undefined, { signal }).catch(
            () => undefined,
          );
          if (signal?.aborted) break;
        }
        const timestamp = String(Date.now());
        const timeout = AbortSignal.timeout(options.timeoutMs);
        try {
          const reply = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              [TIMESTAMP_HEADER]: timestamp,
              [SIGNATURE_HEADER]: sign(options.secret, timestamp, body),
            },
            body,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          await reply.body?.cancel();
          lines.push(`${shown}: ${reply.status} (attempt ${attempt + 1})`);
          delivered = reply.ok;
          if (delivered || refused(reply.status)) break;
        } catch (error) {
          lines.push(`${shown}: ${(error as Error).message} (attempt ${attempt + 1})`);
        }
      }
      if (!delivered) {
        failed.push(shown);
        log.error({ url: shown }, 'the rebuild webhook was not accepted');
      }
    }
    const logTail = lines.join('\n');
    if (signal?.aborted) {
      throw new BuildError('the announcement was stopped: the API shut down', logTail);
    }
    if (failed.length) {
      throw new BuildError(
        `${failed.length} of ${options.urls.length} webhooks did not accept the rebuild: ${failed.join(', ')}`,
        logTail,
      );
    }
    return { status: 'announced', pages: null, release: null, logTail };
  };
}
