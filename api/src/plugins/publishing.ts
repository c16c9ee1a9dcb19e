import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PENDING_PICTURES } from '@conveyor/shared';
import fp from 'fastify-plugin';
import { DEFAULT_BUILD_COMMAND, REPO_ROOT } from '../config.ts';
import { builtReleases, type TriggerInput } from '../db/repositories/builds.ts';
import { CATCH_UP_JOB, catchUp, defineCatchUp } from '../publish/catchUp.ts';
import { Publisher } from '../publish/publisher.ts';
import { RebuildRequests } from '../publish/requests.ts';
import { defineRollback } from '../publish/goLive.ts';
import { clearLeftovers, currentRelease, REQUIRED_FILES } from '../publish/releases.ts';
import { siteBuilder } from '../publish/siteBuilder.ts';
import { buildApiUrl, readSiteData } from '../publish/siteData.ts';
import { defineHookJob, webhookAnnouncer } from '../publish/webhook.ts';
import { WarmBuilds } from '../publish/warmBuilds.ts';
import type { ContentChange } from './events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The publisher; null when this instance does not publish (PUBLISH_ENABLED=false). */
    publishing: Publisher | null;
    /** Records rebuild requests in the database; every instance has it. */
    rebuildRequests: RebuildRequests;
  }
}

/** What a change of content says asked for its rebuild: the record, what was done, by whom. */
const changeTrigger = (change: ContentChange): TriggerInput => ({
  kind: 'change',
  resource: change.resource,
  action: change.action,
  recordId: change.id,
  by: change.by ?? '',
});

/**
 * Publishing (DESIGN section 4): every committed change of public content asks for a site
 * rebuild, recorded in the database by whichever instance took the save. The instance that
 * publishes (PUBLISH_ENABLED=true) runs the publisher: it debounces the requests, its own and those
 * other instances recorded, and the bundled runner builds the site from this API into a fresh
 * release and swaps it in (or, with webhook URLs, the rebuild is announced to them). Its first
 * start builds the first release at once.
 */
/** `/api/<resource>/<id>`: a record opened, as the back office's edit screen reads it. */
const ONE_RECORD = /^\/api\/[a-z-]+\/\d+(?:[?#]|$)/;

export default fp(
  async (app) => {
    const { publish } = app.config;
    const requests = new RebuildRequests(app.db.kysely, app.jobs.clock, {
      debounceMs: publish.debounceMs,
      maxWaitMs: publish.maxWaitMs,
      maxAttempts: publish.buildRetries + 1,
      leading: publish.leading,
    });
    app.decorate('rebuildRequests', requests);
    if (!publish.enabled) {
      app.decorate('publishing', null);
      // the instance that publishes picks these up from the table
      app.contentEvents.on('change', (change) => {
        requests
          .record({ trigger: changeTrigger(change) })
          .catch((err) => app.log.error({ err }, 'could not record a site rebuild request'));
      });
      return;
    }
    const { webhook } = publish;
    const runner = publish.mode === 'runner';
    // Without PUBLISH_API_URL the build reads this server, at the address it really listens on.
    // With webhook URLs the rebuild is announced to them; otherwise the bundled runner builds here.
    // the bundled build kept loaded between builds (started at the first build)
    const warmBuilds = new WarmBuilds({
      script: join(REPO_ROOT, 'site', 'scripts', 'worker.mjs'),
      cwd: REPO_ROOT,
      log: app.log,
      idleMs: publish.workerIdleMs,
    });
    if (runner && publish.warm) {
      // No site yet: the first build comes as soon as the server listens. Its worker loads
      // Astro now, beside the migrations and the demo content, rather than after them.
      if (!existsSync(join(publish.siteRoot, 'current'))) void warmBuilds.warm();
      // The back office in use keeps the worker loaded; opening a record (its edit screen) or
      // saving one brings it back if it left, so that the save's build finds it loaded.
      app.addHook('onResponse', async (request) => {
        if (!request.user || !request.url.startsWith('/api/')) return;
        warmBuilds.keepWarm({
          start: request.method !== 'GET' || ONE_RECORD.test(request.url),
        });
      });
    }
    const builder = runner
      ? siteBuilder({
          siteRoot: publish.siteRoot,
          // read at each build, as the environment is
          get command() {
            return publish.command;
          },
          // the bundled build, unless the command was changed since (tests break it on purpose)
          get warm() {
            return publish.warm && publish.command.trim() === DEFAULT_BUILD_COMMAND
              ? warmBuilds
              : null;
          },
          cwd: REPO_ROOT,
          env: () => ({ API_URL: buildApiUrl(app), ASTRO_TELEMETRY_DISABLED: '1' }),
          keepReleases: publish.keepReleases,
          data: async () => readSiteData(app.db, await app.telegram.siteLinks()),
          // site/astro.config.mjs `cacheDir`
          imageCache: join(REPO_ROOT, '.cache', 'astro', 'assets'),
          timeoutMs: publish.buildTimeoutMs,
          log: app.log,
        })
      : webhookAnnouncer(app.jobs, app.db.kysely, webhook);
    if (!runner) defineHookJob(app.jobs, app.db.kysely, webhook, app.log);
    const publisher = new Publisher(
      app.db.kysely,
      builder,
      {
        debounceMs: publish.debounceMs,
        maxWaitMs: publish.maxWaitMs,
        retries: publish.buildRetries,
        retryBackoffMs: publish.buildRetryBackoffMs,
        buildTimeoutMs: publish.buildTimeoutMs,
        requests,
        jobs: app.jobs,
        // the build reads this API: it waits until the server listens (onListen below)
        waitForStart: true,
      },
      app.log,
    );
    app.decorate('publishing', publisher);
    if (runner) defineRollback(app.jobs, app.db.kysely, publish.siteRoot);
    app.contentEvents.on('change', (change) => {
      publisher
        .request(changeTrigger(change))
        .catch((err) => app.log.error({ err }, 'could not queue a site rebuild'));
    });
    // Before the first build: what a crash left in the site root goes (half-built releases no
    // successful build names, links never renamed into place).
    const clearSiteRoot = async () => {
      try {
        const removed = await clearLeftovers(publish.siteRoot, await builtReleases(app.db.kysely));
        if (removed.length) app.log.info({ removed }, 'removed what interrupted builds left');
      } catch (err) {
        app.log.warn({ err }, 'could not clear what interrupted builds left');
      }
    };
    // A change saved but never asked for (its process died between the commit and the request)
    // is caught up at the start, or, left so by another instance, by the recurring job within
    // CATCH_UP_EVERY_MS. The job does nothing before the start's own check (the build reads
    // this API, which must listen first) nor once the server stops.
    let listening = false;
    const stopCatchUp = new AbortController();
    let lookingBehind: Promise<unknown> = Promise.resolve();
    const lookBehind = (stopped?: AbortSignal) => {
      const signal = stopped ? AbortSignal.any([stopCatchUp.signal, stopped]) : stopCatchUp.signal;
      if (signal.aborted) return lookingBehind;
      const read = async () => readSiteData(app.db, await app.telegram.siteLinks());
      // and a request whose build job was lost with its process gets one
      void requests
        .schedule()
        .catch((err) => app.log.warn({ err }, 'could not schedule the site build job'));
      lookingBehind = catchUp({ db: app.db.kysely, publisher, read, log: app.log, signal }).catch(
        (err) => {
          if (!signal.aborted) app.log.warn({ err }, 'could not compare the content with the site');
        },
      );
      return lookingBehind;
    };
    if (runner) defineCatchUp(app.jobs, async (signal) => listening && lookBehind(signal));
    // The build reads this very API, so it starts once the server listens.
    app.addHook('onListen', async () => {
      if (!runner) {
        await publisher.start();
        return;
      }
      let fresh = false;
      await publisher.start(clearSiteRoot, async () => {
        // no site yet, a first release whose pictures a stop interrupted (PENDING_PICTURES), or
        // a live release without what a release must have (its search index: one made live
        // before pages and index went live together): build now (the first two render
        // everything again, having no manifest); asked for before builds may start, so it and
        // a build the restart interrupted are one build
        const live = join(publish.siteRoot, 'current');
        const incomplete =
          existsSync(join(live, PENDING_PICTURES)) ||
          REQUIRED_FILES.some((file) => !existsSync(join(live, file)));
        fresh = incomplete || !(await currentRelease(publish.siteRoot));
        if (fresh) await publisher.requestNow({ trigger: { kind: 'start' } });
      });
      listening = true;
      if (!fresh) void lookBehind();
    });
    app.addHook('onClose', async () => {
      app.jobs.pause(CATCH_UP_JOB);
      stopCatchUp.abort();
      await lookingBehind;
      await publisher.close();
      await warmBuilds.close();
    });
  },
  { name: 'publishing', dependencies: ['config', 'db', 'events', 'jobs', 'telegram'] },
);
