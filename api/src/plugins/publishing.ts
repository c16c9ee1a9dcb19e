import fp from 'fastify-plugin';
import { REPO_ROOT } from '../config.ts';
import { RebuildQueue } from '../publish/queue.ts';
import { currentRelease, siteBuilder } from '../publish/siteBuilder.ts';
import { webhookAnnouncer } from '../publish/webhook.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rebuild queue; null when publishing is off (PUBLISH_ENABLED=false). */
    publishing: RebuildQueue | null;
  }
}

/**
 * Publishing (DESIGN section 4): every committed change of public content asks for a site
 * rebuild; the queue debounces the requests and the bundled runner builds the site from this
 * API into a fresh release and swaps it in. The first start builds the first release at once.
 */
export default fp(
  async (app) => {
    const { publish } = app.config;
    if (!publish.enabled) {
      app.decorate('publishing', null);
      return;
    }
    const { webhook } = publish;
    // Without PUBLISH_API_URL the build reads this server, at the address it really listens on.
    const apiUrl = () => {
      if (publish.apiUrl) return publish.apiUrl;
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : app.config.port;
      return `http://127.0.0.1:${port}`;
    };
    // With webhook URLs the rebuild is announced to them; otherwise the bundled runner builds here.
    const builder = webhook.urls.length
      ? webhookAnnouncer(webhook, app.log)
      : siteBuilder({
          siteRoot: publish.siteRoot,
          command: publish.command,
          cwd: REPO_ROOT,
          env: () => ({ API_URL: apiUrl(), ASTRO_TELEMETRY_DISABLED: '1' }),
          keepReleases: publish.keepReleases,
        });
    const queue = new RebuildQueue(
      app.db.kysely,
      builder,
      { debounceMs: publish.debounceMs, maxWaitMs: publish.maxWaitMs },
      app.log,
    );
    app.decorate('publishing', queue);
    app.contentEvents.on('change', () => {
      queue.request().catch((err) => app.log.error({ err }, 'could not queue a site rebuild'));
    });
    // The build reads this very API, so it starts once the server listens.
    app.addHook('onListen', async () => {
      await queue.start();
      if (!webhook.urls.length && !(await currentRelease(publish.siteRoot))) {
        await queue.requestNow();
      }
    });
    app.addHook('onClose', async () => {
      await queue.close();
    });
  },
  { name: 'publishing', dependencies: ['config', 'db', 'events'] },
);
