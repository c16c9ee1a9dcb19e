import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PENDING_PICTURES } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { adminSteps, startAdminBuild } from '../../src/lib/adminBuild.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// One port for everything: the API, the admin's single-page app under /admin and at
// /auth/login, and the built site at / with its 404 page; hashed assets cached for a year,
// HTML revalidated.

describe.skipIf(skipReason)('admin and site on the API port', () => {
  let api: TestApi;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'conveyor-frontends-'));
    const admin = join(root, 'admin');
    const site = join(root, 'site');
    await mkdir(join(admin, 'assets'), { recursive: true });
    await mkdir(join(site, '_astro'), { recursive: true });
    await mkdir(join(site, 'catalog', '5'), { recursive: true });
    await writeFile(join(admin, 'index.html'), '<!doctype html><title>admin</title>');
    await writeFile(join(admin, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(site, 'index.html'), '<!doctype html><title>home</title>');
    await writeFile(
      join(site, 'catalog', '5', 'index.html'),
      '<!doctype html><title>cat 5</title>',
    );
    await writeFile(join(site, '_astro', 'app.def456.js'), 'console.log(2)');
    await writeFile(
      join(site, '_astro', 'big.aaa111.js'),
      `const text = ${JSON.stringify('conveyor '.repeat(2000))};`,
    );
    await writeFile(join(site, '404.html'), '<!doctype html><title>not found</title>');
    await writeFile(join(site, '.site-manifest.json'), '{"version":1}');
    // a search index with its delta (site/src/integrations/searchDelta.ts)
    for (const folder of ['pagefind/fragment', 'pagefind/delta/fragment']) {
      await mkdir(join(site, folder), { recursive: true });
      await writeFile(join(site, folder, 'ru_abc123.pf_fragment'), 'gzip bytes');
    }
    await writeFile(join(site, 'pagefind', 'delta.json'), '{"languages":{}}');
    api = await startApi({ SERVE_FRONTENDS: true, ADMIN_DIR: admin, SITE_DIR: site });
  });
  afterAll(async () => {
    await api?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(api.url + path);

  it('serves the site with revalidated HTML and year-long hashed assets', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('home');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const category = await get('/catalog/5');
    expect(category.status).toBe(200);
    expect(await category.text()).toContain('cat 5');
    // The site's script and style policy is the hashes in each page's meta (written by its
    // build): the header adds only what a meta cannot say, and nothing that would block what
    // the meta allows. The API keeps its strict one.
    const siteCsp = home.headers.get('content-security-policy');
    expect(siteCsp).toContain("frame-ancestors 'none'");
    expect(siteCsp).toContain("object-src 'none'");
    expect(siteCsp).not.toMatch(/(?:default|script|style|img|frame|connect)-src/);
    expect(siteCsp).not.toContain('unsafe-inline');
    const apiReply = await get('/api/categories');
    expect(apiReply.headers.get('content-security-policy')).not.toMatch(
      /script-src[^;]*unsafe-inline/,
    );
    const asset = await get('/_astro/app.def456.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it("caches the search index's hashed chunks, its delta's too, for a year, and serves them as gzip", async () => {
    for (const path of [
      '/pagefind/fragment/ru_abc123.pf_fragment',
      '/pagefind/delta/fragment/ru_abc123.pf_fragment',
    ]) {
      const chunk = await get(path);
      expect(chunk.status, path).toBe(200);
      expect(chunk.headers.get('cache-control'), path).toContain('immutable');
      expect(chunk.headers.get('content-type'), path).toBe('application/gzip');
    }
    // what the delta hides changes with every release: asked again each time
    const delta = await get('/pagefind/delta.json');
    expect(delta.status).toBe(200);
    expect(delta.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives the back office a strict policy: its own scripts only, never framed', async () => {
    for (const path of ['/admin/', '/admin/users', '/auth/login']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    }
  });

  it('answers unknown pages with the site 404 page and status 404, and the API with JSON', async () => {
    const page = await get('/no/such/page');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('not found');
    const home = await get('/');
    expect(page.headers.get('content-security-policy')).toBe(
      home.headers.get('content-security-policy'),
    );
    // a release's build manifest is not a page
    const manifest = await get('/.site-manifest.json');
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).toContain('not found');
    const apiMissing = await get('/api/no-such-thing');
    expect(apiMissing.status).toBe(404);
    expect(await apiMissing.json()).toEqual({ error: 'Not found', code: 'notFound' });
  });

  it('sends a /ru/… address to its unprefixed page, Russian being the default language', async () => {
    const redirect = (path: string) => fetch(api.url + path, { redirect: 'manual' });
    for (const [path, target] of [
      ['/ru/catalog/5', '/catalog/5'],
      ['/ru/catalog/5?utm=x&y=1', '/catalog/5?utm=x&y=1'],
      ['/ru', '/'],
      ['/ru/', '/'],
      ['/ru?q=1', '/?q=1'],
      // never to another site
      ['/ru//evil.example/x', '/evil.example/x'],
      ['/ru/\\evil.example', '/evil.example'],
    ] as const) {
      const reply = await redirect(path);
      expect(reply.status, path).toBe(301);
      expect(reply.headers.get('location'), path).toBe(target);
    }
    const followed = await get('/ru/catalog/5');
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain('cat 5');
    // an address that only starts with the letters is a page of its own (here: an unknown one)
    expect((await redirect('/russia')).status).toBe(404);
  });

  it('serves the admin app for every /admin path and /auth/login', async () => {
    for (const path of ['/admin/', '/admin/products/3', '/admin/leads/view/2', '/auth/login']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(await reply.text(), path).toContain('<title>admin</title>');
      expect(reply.headers.get('cache-control'), path).toBe('no-cache');
    }
    const asset = await get('/admin/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps the API and uploads working beside them', async () => {
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    const list = await get('/api/categories');
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('compresses text for clients that accept it, and only for them', async () => {
    const script = '/_astro/big.aaa111.js';
    const brotli = await fetch(api.url + script, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect((await brotli.text()).startsWith('const text = "conveyor')).toBe(true);
    const gzip = await fetch(api.url + script, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(api.url + script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(18_000);
  });
});

/** The site's releases under `root` (releases/, the `current` link) served, with no admin. */
const serveReleases = (root: string) =>
  startApi({
    SERVE_FRONTENDS: true,
    ADMIN_DIR: join(root, 'no-admin'),
    SITE_DIR: join(root, 'current'),
  });

describe.skipIf(skipReason)('the site while releases are swapped', () => {
  let api: TestApi;
  let root: string;
  // Two releases whose pages differ in size: a reply that promised one and sent the other's
  // bytes would be cut short or overrun.
  const page = (release: string, size: number) =>
    `<!doctype html><title>${release}</title>${release.repeat(size)}`;
  const PAGES = { a: page('a', 40_000), b: page('b', 3_000) };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'conveyor-swap-'));
    for (const [release, html] of Object.entries(PAGES)) {
      const dir = join(root, 'releases', release);
      await mkdir(join(dir, 'catalog', '5'), { recursive: true });
      await mkdir(join(dir, 'uz', '404'), { recursive: true });
      await writeFile(join(dir, 'index.html'), html);
      await writeFile(join(dir, 'catalog', '5', 'index.html'), html);
      await writeFile(join(dir, '404.html'), `<title>404 ru</title>`);
      await writeFile(join(dir, 'uz', '404', 'index.html'), `<title>404 uz</title>`);
    }
    await symlink('releases/a', join(root, 'current'));
    api = await serveReleases(root);
  });
  afterAll(async () => {
    await api?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers every request whole from one release while the current link is swapped', async () => {
    let swapping = true;
    const swaps = (async () => {
      let n = 0;
      while (swapping) {
        const next = join(root, `current.next-${n}`);
        await symlink(n++ % 2 ? 'releases/a' : 'releases/b', next);
        await rename(next, join(root, 'current'));
        await new Promise((resolve) => setImmediate(resolve));
      }
      return n;
    })();
    const answers: { status: number; length: string | null; body: string }[] = [];
    for (let round = 0; round < 40; round++) {
      answers.push(
        ...(await Promise.all(
          ['/', '/catalog/5', '/catalog/5', '/'].map(async (path) => {
            const reply = await fetch(api.url + path, {
              headers: { 'accept-encoding': 'identity' },
              signal: AbortSignal.timeout(10_000),
            });
            const body = await reply.text();
            return { status: reply.status, length: reply.headers.get('content-length'), body };
          }),
        )),
      );
    }
    swapping = false;
    expect(await swaps).toBeGreaterThan(20);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect([PAGES.a, PAGES.b]).toContain(answer.body);
      expect(Number(answer.length)).toBe(Buffer.byteLength(answer.body));
    }
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(2);
  });

  it('answers an unknown address with the 404 page of its language, when the site has one', async () => {
    const uz = await fetch(api.url + '/uz/no/such/page');
    expect(uz.status).toBe(404);
    expect(await uz.text()).toContain('404 uz');
    const en = await fetch(api.url + '/en/no/such/page');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('404 ru');
    const ru = await fetch(api.url + '/uzbek/no/such/page');
    expect(await ru.text()).toContain('404 ru');
    // the pages' own addresses are not found either
    for (const [path, text] of [
      ['/404', '404 ru'],
      ['/404.html', '404 ru'],
      ['/uz/404', '404 uz'],
      ['/uz/404/', '404 uz'],
      ['/uz/404/index.html', '404 uz'],
    ]) {
      const reply = await fetch(api.url + path);
      expect(reply.status, path).toBe(404);
      expect(await reply.text(), path).toContain(text);
    }
  });
});

describe.skipIf(skipReason)('a first release whose pictures are still being encoded', () => {
  let api: TestApi;
  let root: string;
  const pendingFile = () => join(root, 'current', PENDING_PICTURES);
  const pending = (pictures: Record<string, string | null>) =>
    writeFile(pendingFile(), JSON.stringify({ version: 1, pictures }));

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'conveyor-pending-'));
    const dir = join(root, 'releases', 'first');
    await mkdir(join(dir, '_astro'), { recursive: true });
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>home</title>');
    await writeFile(join(dir, '404.html'), '<title>404 ru</title>');
    await writeFile(join(dir, '_astro', 'done.hash1.webp'), 'encoded');
    await symlink('releases/first', join(root, 'current'));
    api = await serveReleases(root);
  });
  afterAll(async () => {
    await api?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(api.url + path, { redirect: 'manual' });

  it('answers a picture not encoded yet with its original, for now', async () => {
    await pending({
      '/_astro/photo.hash2.avif': '/uploads/products/photo.jpg',
      '/_astro/thumb.hash3.webp': 'https://img.example.com/vi/abc/hq.jpg',
      '/_astro/poster.hash4.avif': null,
      '/_astro/evil.hash5.avif': 'javascript:alert(1)',
      '/_astro/done.hash1.webp': '/uploads/products/done.jpg',
    });
    const upload = await get('/_astro/photo.hash2.avif');
    expect(upload.status).toBe(307);
    expect(upload.headers.get('location')).toBe('/uploads/products/photo.jpg');
    expect(upload.headers.get('cache-control')).toBe('no-store');
    const remote = await get('/_astro/thumb.hash3.webp');
    expect(remote.status).toBe(307);
    expect(remote.headers.get('location')).toBe('https://img.example.com/vi/abc/hq.jpg');
    // the site's own picture has no original to show; nor is anything but an upload or a web
    // address followed
    expect((await get('/_astro/poster.hash4.avif')).status).toBe(404);
    expect((await get('/_astro/evil.hash5.avif')).status).toBe(404);
    // one already encoded is served as it is; a file the release will never hold is not found
    const done = await get('/_astro/done.hash1.webp');
    expect(done.status).toBe(200);
    expect(await done.text()).toBe('encoded');
    expect((await get('/_astro/other.hash6.avif')).status).toBe(404);
    // the list is the release's own, not a page
    expect((await get(`/${PENDING_PICTURES}`)).status).toBe(404);
  });

  it('reads the list again when it changes, and serves plain 404s when it is gone', async () => {
    await pending({ '/_astro/photo.hash2.avif': '/uploads/products/other.jpg' });
    // a list written within the same millisecond as the last would look unchanged
    const later = new Date(Date.now() + 5000);
    await utimes(pendingFile(), later, later);
    expect((await get('/_astro/photo.hash2.avif')).headers.get('location')).toBe(
      '/uploads/products/other.jpg',
    );
    await rm(pendingFile());
    expect((await get('/_astro/photo.hash2.avif')).status).toBe(404);
  });
});

describe.skipIf(skipReason)('the site before it exists', () => {
  it('is "being published" (503, retry) while the bundled runner owes the first build', async () => {
    const api = await startApi({
      SERVE_FRONTENDS: true,
      PUBLISH_ENABLED: true,
      PUBLISH_DEBOUNCE_MS: 60_000,
      PUBLISH_BUILD_COMMAND: 'sleep 30',
    });
    try {
      const reply = await fetch(api.url + '/catalog/5');
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('5');
      expect(await reply.text()).toContain('The site is being published');
    } finally {
      await api.close();
    }
  });

  it('is not served from the runner folder when a build hook elsewhere builds it', () => {
    const runner = loadConfig({ PUBLISH_ENABLED: true, DATA_DIR: '/srv/data' });
    expect(runner.siteDir).toBe('/srv/data/site/current');
    const hooked = loadConfig({
      PUBLISH_ENABLED: true,
      DATA_DIR: '/srv/data',
      PUBLISH_WEBHOOK_URLS: 'https://ci.example.com/hook',
      PUBLISH_WEBHOOK_SECRET: 'x'.repeat(32),
    });
    expect(hooked.siteDir).not.toContain('/srv/data');
    expect(hooked.siteDir).toMatch(/site\/dist$/);
  });

  it('answers unknown pages with a plain 404 when there is no site and none is coming', async () => {
    const api = await startApi({ SERVE_FRONTENDS: true, SITE_DIR: '/nonexistent/site' });
    try {
      const reply = await fetch(api.url + '/catalog/5');
      expect(reply.status).toBe(404);
      expect(await reply.json()).toEqual({ error: 'Not found', code: 'notFound' });
    } finally {
      await api.close();
    }
  });
});

describe.skipIf(skipReason)('the back office built beside the start', () => {
  let root: string;
  let admin: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'conveyor-admin-build-'));
    admin = join(root, 'admin');
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  /** A stand-in for a step of the admin's build: once the test says so, fails or runs `then`. */
  const step = (then: string, exitCode = 0) => [
    process.execPath,
    '-e',
    `const fs = require('node:fs');
    const wait = setInterval(() => {
      if (!fs.existsSync('go')) return;
      clearInterval(wait);
      if (${exitCode}) { console.error('step ${exitCode} broke'); process.exit(${exitCode}); }
      ${then}
    }, 20);`,
  ];
  /** What the admin's build leaves: admin/ with its index and an asset. */
  const WRITE_ADMIN = `fs.mkdirSync('admin/assets', { recursive: true });
    fs.writeFileSync('admin/assets/index-abc123.js', 'console.log(1)');
    fs.writeFileSync('admin/index.html', '<!doctype html><title>admin</title>');`;
  /** A stand-in for the admin's build: writes admin/ once the test says so, then ends. */
  const fakeBuild = (exitCode = 0) => startAdminBuild([step(WRITE_ADMIN, exitCode)], root);

  it('answers "being prepared" (503, reload) until it is built, then serves it', async () => {
    const log = vi.spyOn(console, 'log');
    const build = fakeBuild();
    const api = await startApi(
      {
        SERVE_FRONTENDS: true,
        ADMIN_DIR: admin,
        SITE_DIR: join(root, 'no-site'),
      },
      { adminBuild: build },
    );
    try {
      expect(log).toHaveBeenCalledWith('[start] building the back office …');
      for (const path of ['/admin', '/admin/', '/admin/products/3', '/auth/login']) {
        const reply = await fetch(api.url + path);
        expect(reply.status, path).toBe(503);
        expect(reply.headers.get('retry-after'), path).toBe('3');
        expect(reply.headers.get('cache-control'), path).toBe('no-store');
        const page = await reply.text();
        expect(page, path).toContain('The back office is being prepared');
        expect(page, path).toContain('<meta http-equiv="refresh"');
        // the same strict policy as the built back office
        const csp = reply.headers.get('content-security-policy') ?? '';
        expect(csp, path).toContain("script-src 'self'");
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(csp, path).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
      }

      await writeFile(join(root, 'go'), '');
      expect(await build.done).toBe(true);
      expect(build.running).toBe(false);
      expect(log).toHaveBeenCalledWith(
        expect.stringMatching(/^\[start\] the back office built in \d+\.\d s$/),
      );
      for (const path of ['/admin', '/admin/', '/admin/products/3', '/auth/login']) {
        const reply = await fetch(api.url + path);
        expect(reply.status, path).toBe(200);
        expect(await reply.text(), path).toContain('<title>admin</title>');
        expect(reply.headers.get('cache-control'), path).toBe('no-cache');
        expect(reply.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      }
      const asset = await fetch(api.url + '/admin/assets/index-abc123.js');
      expect(asset.status).toBe(200);
      expect(await asset.text()).toBe('console.log(1)');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      // a hashed file the build did not make is not the app; nor is a way out of the folder
      expect((await fetch(api.url + '/admin/assets/index-old999.js')).status).toBe(404);
      const outside = await fetch(api.url + '/admin/..%2f..%2fgo');
      expect(await outside.text()).toContain('<title>admin</title>');
    } finally {
      build.stop();
      await api.close();
      await rm(join(root, 'go'), { force: true });
      await rm(admin, { recursive: true, force: true });
    }
  });

  it('keeps the server running when the build fails: its output is shown, /admin not served', async () => {
    const error = vi.spyOn(console, 'error');
    const build = fakeBuild(3);
    const api = await startApi(
      {
        SERVE_FRONTENDS: true,
        ADMIN_DIR: admin,
        SITE_DIR: join(root, 'no-site'),
      },
      { adminBuild: build },
    );
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect((await fetch(api.url + '/admin/')).status).toBe(503);
      await writeFile(join(root, 'go'), '');
      expect(await build.done).toBe(false);
      expect(String(stderr.mock.calls.flat().join(''))).toContain('step 3 broke');
      expect(error).toHaveBeenCalledWith(
        expect.stringMatching(/the build of the back office failed \(exit 3\)/),
      );
      expect((await fetch(api.url + '/admin/')).status).toBe(404);
      expect((await fetch(api.url + '/api/health')).status).toBe(200);
    } finally {
      stderr.mockRestore();
      build.stop();
      await api.close();
      await rm(join(root, 'go'), { force: true });
    }
  });

  it('runs below the server: niced, and so is its scheduling group (Linux autogroups)', async () => {
    const build = startAdminBuild(
      [
        step(`fs.writeFileSync('priority', JSON.stringify({
          nice: require('node:os').getPriority(),
          group: fs.existsSync('/proc/self/autogroup') ? fs.readFileSync('/proc/self/autogroup', 'utf8') : null,
        }));
        ${WRITE_ADMIN}`),
      ],
      root,
    );
    try {
      await writeFile(join(root, 'go'), '');
      expect(await build.done).toBe(true);
      const seen = JSON.parse(await readFile(join(root, 'priority'), 'utf8'));
      expect(seen.nice).toBe(10);
      // a session of its own is a group of its own, which niceness alone does not hold back
      if (seen.group !== null) expect(seen.group).toMatch(/ nice 10\s*$/);
    } finally {
      build.stop();
      await rm(join(root, 'go'), { force: true });
      await rm(join(root, 'priority'), { force: true });
      await rm(admin, { recursive: true, force: true });
    }
  });

  it('runs the build alone, or after the install npm start asks for', () => {
    const build = ['pnpm', '--filter', '@conveyor/admin', 'build'];
    expect(adminSteps(null)).toEqual([build]);
    const [prod, afterProd] = adminSteps('prod');
    expect(prod).toEqual(
      expect.arrayContaining(['pnpm', 'install', '--frozen-lockfile', '--prod']),
    );
    expect(afterProd).toEqual(build);
    const [all] = adminSteps('all');
    expect(all).toEqual(expect.arrayContaining(['pnpm', 'install', '--frozen-lockfile']));
    expect(all).not.toContain('--prod');
  });

  it('installs the dependencies first when asked, and builds only after a good install', async () => {
    const log = vi.spyOn(console, 'log');
    const error = vi.spyOn(console, 'error');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // the "build" fails unless the "install" ran before it
    const build = (installExit: number) =>
      startAdminBuild(
        [
          step(`fs.writeFileSync('installed', '')`, installExit),
          step(`if (!fs.existsSync('installed')) process.exit(9); ${WRITE_ADMIN}`),
        ],
        root,
      );
    try {
      const failed = build(4);
      expect(log).toHaveBeenCalledWith(
        "[start] installing the back office's dependencies and building it …",
      );
      await writeFile(join(root, 'go'), '');
      expect(await failed.done).toBe(false);
      expect(error).toHaveBeenCalledWith(
        expect.stringMatching(/the build of the back office failed \(exit 4\)/),
      );
      expect(String(stderr.mock.calls.flat().join(''))).toContain('step 4 broke');
      expect(existsSync(join(admin, 'index.html'))).toBe(false);

      const good = build(0);
      expect(await good.done).toBe(true);
      expect(existsSync(join(root, 'installed'))).toBe(true);
      expect(existsSync(join(admin, 'index.html'))).toBe(true);

      // stopped during the install: the build does not start
      await rm(join(root, 'go'));
      await rm(admin, { recursive: true, force: true });
      const stopped = build(0);
      stopped.stop();
      expect(await stopped.done).toBe(false);
      await writeFile(join(root, 'go'), '');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(existsSync(join(admin, 'index.html'))).toBe(false);
    } finally {
      stderr.mockRestore();
      await rm(join(root, 'go'), { force: true });
      await rm(join(root, 'installed'), { force: true });
      await rm(admin, { recursive: true, force: true });
    }
  });

  it('ends a build still running when asked (the server stopping)', async () => {
    const build = fakeBuild();
    expect(build.running).toBe(true);
    build.stop();
    expect(await build.done).toBe(false);
    expect(build.running).toBe(false);
  });
});
