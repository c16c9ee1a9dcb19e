import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { appendLogLine, buildLog } from '../db/repositories/builds.ts';
import { type Job, listJobs } from '../db/repositories/jobs.ts';
import type { Executor } from '../db/repositories/table.ts';
import { type JobRunner, PermanentJobError } from '../jobs/runner.ts';
import { BuildError, type Builder, type BuildResult } from './types.ts';
import type { JobKindName } from '../jobs/kinds.ts';

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
  /** Tries after the first, each after the runner's backoff. */
  retries: number;
  /** About the first retry's delay; doubled each time (with the runner's jitter). */
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

/** The job kind of one call of one build hook (webhook URL). */
export const HOOK_JOB = 'publish.hook' satisfies JobKindName;

interface HookCall {
  url: string;
  /** The build (publish_builds row) announced; the call's outcome is written to its log. */
  buildId: number;
  /** The signed JSON event, the same at every try (each try signs it with its own time). */
  body: string;
}

/** How often an announcing build looks whether its calls have ended. */
const SETTLED_POLL_MS = 100;

/**
 * Each webhook URL's call is a durable job (DESIGN section 9): retried with the runner's
 * backoff (PUBLISH_WEBHOOK_RETRIES, PUBLISH_WEBHOOK_BACKOFF_MS) across restarts and instances,
 * never again after a 4xx refusal but 408 and 429 (a PermanentJobError). Every try is signed
 * anew and written to its build's log, as `<url>: <status> (attempt n)`.
 */
export function defineHookJob(
  jobs: JobRunner,
  db: Executor,
  options: WebhookOptions,
  log: Pick<FastifyBaseLogger, 'error'>,
): void {
  jobs.define<HookCall>(HOOK_JOB, {
    maxAttempts: options.retries + 1,
    backoff: {
      baseMs: options.backoffMs,
      maxMs: options.backoffMs * 2 ** Math.max(0, options.retries - 1),
    },
    async run(call, { job, signal }) {
      const shown = displayUrl(call.url);
      const timestamp = String(Date.now());
      const note = (line: string) => appendLogLine(db, call.buildId, line);
      let status: number;
      try {
        const reply = await fetch(call.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [TIMESTAMP_HEADER]: timestamp,
            [SIGNATURE_HEADER]: sign(options.secret, timestamp, call.body),
          },
          body: call.body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
        });
        await reply.body?.cancel();
        status = reply.status;
      } catch (error) {
        await note(`${shown}: ${(error as Error).message} (attempt ${job.attempts})`);
        throw error;
      }
      await note(`${shown}: ${status} (attempt ${job.attempts})`);
      if (status >= 200 && status < 300) return;
      const problem = `${shown} answered ${status}`;
      if (refused(status) || job.attempts >= options.retries + 1) {
        log.error({ url: shown }, 'the rebuild webhook was not accepted');
      }
      throw refused(status) ? new PermanentJobError(problem) : new Error(problem);
    },
  });
}

/**
 * The build step when PUBLISH_WEBHOOK_URLS is set: instead of building here, the API announces
 * the rebuild to each URL (the bundled runner on another machine, a CDN's or CI's build hook)
 * as a signed JSON event: one hook job per URL (defineHookJob), so every URL is called even
 * when one fails. The step waits for the calls to end; it fails, naming the URLs that did not
 * accept, unless all did (2xx). Its record says 'announced': the site is built there.
 *
 * Stopped by shutdown, the step fails and its build is asked for again, while the calls still
 * due go on after the restart: a receiver may then hear of the rebuild twice, which costs it
 * one build at most (it debounces too).
 */
export function webhookAnnouncer(jobs: JobRunner, db: Executor, options: WebhookOptions): Builder {
  return async (signal, build = {}): Promise<BuildResult> => {
    const buildId = build.buildId;
    if (buildId === undefined) throw new BuildError('an announcement needs its build record');
    const ref = `publish_builds:${buildId}`;
    // a random id makes every event unique, which is what the receiver keeps against replays
    const body = JSON.stringify({
      type: 'rebuild',
      id: randomUUID(),
      sentAt: new Date().toISOString(),
    });
    const ids: number[] = [];
    for (const [index, url] of options.urls.entries()) {
      const payload: HookCall = { url, buildId, body };
      const id = await jobs.enqueue(HOOK_JOB, payload, { ref, uniqueKey: `${ref}:${index}` });
      if (id !== null) ids.push(id);
    }
    let calls: Job[] = [];
    for (;;) {
      calls = (await listJobs(db, { kind: HOOK_JOB, ref, limit: 1000 })).filter((job) =>
        ids.includes(job.id),
      );
      if (calls.every((job) => job.status === 'done' || job.status === 'failed')) break;
      if (signal?.aborted) break;
      await delay(SETTLED_POLL_MS, undefined, { signal }).catch(() => undefined);
    }
    const logTail = await buildLog(db, buildId);
    if (signal?.aborted) {
      throw new BuildError('the announcement was stopped: the API shut down', logTail);
    }
    const failed = options.urls.filter((url) =>
      calls.some((job) => job.status === 'failed' && (job.payload as HookCall).url === url),
    );
    if (failed.length) {
      throw new BuildError(
        `${failed.length} of ${options.urls.length} webhooks did not accept the rebuild: ${failed.map(displayUrl).join(', ')}`,
        logTail,
      );
    }
    return { status: 'announced', pages: null, release: null, logTail };
  };
}
