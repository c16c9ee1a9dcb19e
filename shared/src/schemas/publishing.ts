import type { FromSchema } from 'json-schema-to-ts';
import { recordSchema } from './common.ts';
import { dataResponseSchema } from './list.ts';

/** 'announced': the rebuild was handed to build hooks (webhook mode); it is built elsewhere. */
export const BUILD_STATUSES = ['queued', 'running', 'success', 'failed', 'announced'] as const;

/**
 * What asks for a build: a change of public content (a record's create, update or
 * delete, by a staff member or the Scheduler), the back office's Rebuild, the server's start
 * (no site yet), a restart (a build a stop interrupted), a failed build's retry, a build hook,
 * the pictures a build left to encode when it gave way to a newer change (`pictures`).
 */
export const TRIGGER_KINDS = [
  'change',
  'rebuild',
  'start',
  'restart',
  'retry',
  'webhook',
  'catchup',
  'pictures',
] as const;

export const triggerSchema = recordSchema({
  kind: { type: 'string', enum: TRIGGER_KINDS },
  at: { type: 'string' },
  /** A change's resource ('settings' for the company's settings), action and record. */
  resource: { type: ['string', 'null'] },
  action: { type: ['string', 'null'] },
  recordId: { type: ['integer', 'null'] },
  /** Who asked: a user name, 'Scheduler'; empty for the server itself. */
  by: { type: 'string' },
});
export type Trigger = FromSchema<typeof triggerSchema>;

/** How many of a build's triggers GET /api/publishing lists (the first ones); `requests` counts all. */
export const SHOWN_TRIGGERS = 5;

/** One site build as GET /api/publishing reports it. */
export const buildSchema = recordSchema({
  id: { type: 'integer' },
  status: { type: 'string', enum: BUILD_STATUSES },
  requestedAt: { type: 'string' },
  startedAt: { type: ['string', 'null'] },
  finishedAt: { type: ['string', 'null'] },
  durationMs: { type: ['integer', 'null'] },
  pages: { type: ['integer', 'null'] },
  release: { type: ['string', 'null'] },
  /** How many changes asked for it; 0 for an automatic retry nobody asked for. */
  requests: { type: 'integer' },
  /** 0 for a requested build, n for the nth automatic retry of a failed one. */
  attempt: { type: 'integer' },
  error: { type: ['string', 'null'] },
  /** The end of the build's output (or of the webhook calls), for staff to see why it failed. */
  logTail: { type: ['string', 'null'] },
  /** What asked for it, oldest first (at most SHOWN_TRIGGERS of them). */
  triggers: { type: 'array', items: triggerSchema },
});
export type Build = FromSchema<typeof buildSchema>;
export type BuildStatus = Build['status'];

/** The publishing state staff see: what is live, what is building, the recent builds. */
export const publishingStatusSchema = recordSchema({
  /** False where the API does not rebuild the site itself (PUBLISH_ENABLED=false). */
  enabled: { type: 'boolean' },
  /** runner: built and served here; webhook: announced to build hooks; off: elsewhere. */
  mode: { type: 'string', enum: ['runner', 'webhook', 'off'] },
  /** The release served, and when its build finished (null when no build names it). */
  live: {
    type: ['object', 'null'],
    properties: { release: { type: 'string' }, finishedAt: { type: ['string', 'null'] } },
    required: ['release', 'finishedAt'],
    additionalProperties: false,
  },
  running: { type: 'boolean' },
  /** A rebuild was asked for and waits (a failed build's automatic retry is not one). */
  queued: { type: 'boolean' },
  /** A failed build's automatic retry, waiting out its backoff: which one, and when it starts. */
  retry: {
    type: ['object', 'null'],
    properties: { attempt: { type: 'integer' }, at: { type: 'string' } },
    required: ['attempt', 'at'],
    additionalProperties: false,
  },
  /** The newest build that ended (success, failure or announcement). */
  lastBuild: { anyOf: [buildSchema, { type: 'null' }] },
  /** The recent builds, newest first, without the waiting request. */
  history: { type: 'array', items: buildSchema },
  /**
   * The releases kept on disk, newest first (the successful builds that made them): any of them
   * can be made live again.
   */
  releases: { type: 'array', items: buildSchema },
  /**
   * The live release is an older one than the newest built (a rollback): the site shows it until
   * the next publish.
   */
  rolledBack: { type: 'boolean' },
  /**
   * What the kept releases take on disk (a file several share counted once), and what they
   * would take as copies; null until counted, or where this instance keeps no releases.
   */
  disk: {
    type: ['object', 'null'],
    properties: {
      bytes: { type: 'integer' },
      copies: { type: 'integer' },
      releases: { type: 'integer' },
      countedAt: { type: 'string' },
    },
    required: ['bytes', 'copies', 'releases', 'countedAt'],
    additionalProperties: false,
  },
  /** What is wrong with SITE_URL for a live site, or null: the screen warns. */
  siteUrlProblem: { type: ['string', 'null'], enum: ['unset', 'loopback', null] },
});
export type PublishingStatus = FromSchema<typeof publishingStatusSchema>;
export type PublishingRetry = PublishingStatus['retry'];

/** The answer of GET /api/publishing. */
export const publishingAnswerSchema = dataResponseSchema(publishingStatusSchema);

/** A release's name, as builds make it and as a rollback names it. */
export const releaseNameSchema = {
  type: 'string',
  pattern: '^[0-9A-Za-z][0-9A-Za-z-]*$',
  maxLength: 64,
} as const;
