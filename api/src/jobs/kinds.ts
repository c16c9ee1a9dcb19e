// What runs in the background: every kind of job of the one runner (DESIGN section 9), the
// module that defines its handler, and when it runs. The app's runner refuses a kind that is
// not listed here (plugins/jobs.ts gives it this list), and api/test/jobs/kinds.test.ts checks
// that every kind listed is defined by the app, so the list cannot go stale either way.

interface KindEntry {
  /** The module, under api/src/, whose function defines the kind's handler. */
  defined: string;
  /** When it runs and what it does. */
  runs: string;
}

export const JOB_KINDS = {
  'publish.build': {
    defined: 'publish/publisher.ts',
    runs: 'a site build, debounced after a save; one at a time across instances (buildJob.ts)',
  },
  'publish.catchUp': {
    defined: 'publish/catchUp.ts',
    runs: 'every 10 minutes on the publishing instance: a rebuild if the content changed unasked',
  },
  'publish.hook': {
    defined: 'publish/webhook.ts',
    runs: 'a call of a build hook URL, when the site is built elsewhere (PUBLISH_WEBHOOK_URLS)',
  },
  'site.rollback': {
    defined: 'publish/goLive.ts',
    runs: 'an older release made live, on the instance that holds the releases',
  },
  'schedule.due': {
    defined: 'schedules/schedule.ts',
    runs: "at a schedule's time: a record published or hidden as staff scheduled it",
  },
  'notify.telegram': {
    defined: 'notify/notifier.ts',
    runs: 'a new lead or supplier application sent to a Telegram chat, retried for about a day',
  },
  'notify.email': {
    defined: 'notify/notifier.ts',
    runs: 'a new lead or supplier application sent by email, retried for about a day',
  },
  'notify.webhook': {
    defined: 'notify/notifier.ts',
    runs: 'a new lead or supplier application posted to a webhook, retried for about a day',
  },
  'telegram.relay': {
    defined: 'plugins/telegram.ts',
    runs: "buyers' Telegram updates worked through and their conversations relayed, one at a time",
  },
  'telegram.poll': {
    defined: 'plugins/telegram.ts',
    runs: "in polling mode, back to back: Telegram's long poll for buyers' messages, stored",
  },
  'backup.scheduled': {
    defined: 'backup/schedule.ts',
    runs: 'every BACKUP_INTERVAL_HOURS, and at "Back up now": an archive written and old ones pruned',
  },
  'uploads.sweep': {
    defined: 'storage/sweep.ts',
    runs: "hourly: uploads nothing names, temporary files and killed backups' leftovers removed",
  },
  'revisions.prune': {
    defined: 'revisions/prune.ts',
    runs: 'daily: revisions and trash past their retention deleted, with the files they held',
  },
  'privacy.retention': {
    defined: 'notify/retention.ts',
    runs: 'daily: leads and supplier applications past the retention setting deleted',
  },
  'audit.retention': {
    defined: 'audit/retention.ts',
    runs: 'daily: activity log events past AUDIT_RETENTION_DAYS deleted',
  },
  'jobs.prune': {
    defined: 'jobs/prune.ts',
    runs: 'daily: finished jobs older than 30 days deleted',
  },
} as const satisfies Record<string, KindEntry>;

export type JobKindName = keyof typeof JOB_KINDS;
