import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Astro's image cache (kept between builds and restarts) must never leave a build unable to
// run, whenever a build is stopped: its entries are written atomically, the picture before its
// note, and an entry that cannot be read is a miss that is encoded again (the patch in
// patches/astro@*.patch). A real Astro build of a site of pictures (test/fixtures/picture-cache)
// is stopped with SIGKILL mid-encoding, and given the torn entries an older build left.

const FIXTURE = fileURLToPath(new URL('./fixtures/picture-cache/', import.meta.url));
const ASTRO = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));
const PICTURES = 6;

const root = mkdtempSync(join(tmpdir(), 'picture-cache-'));
const cache = join(root, 'cache');
const assets = join(cache, 'assets');
const out = join(root, 'out');
let server: Server;
let origin = '';

beforeAll(async () => {
  // distinct pictures, as uploads are, served the way /uploads serves them (cacheable)
  const jpegs = await Promise.all(
    Array.from({ length: PICTURES }, (_, n) =>
      sharp({
        create: { width: 1200, height: 900, channels: 3, background: { r: n * 40, g: 90, b: 160 } },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg width="1200" height="900"><circle cx="${200 + n * 120}" cy="450" r="300" fill="#fa3"/></svg>`,
            ),
          },
        ])
        .jpeg()
        .toBuffer(),
    ),
  );
  server = createServer((req, res) => {
    const jpeg = jpegs[Number(/^\/(\d+)\.jpg$/.exec(req.url ?? '')?.[1] ?? -1)];
    if (!jpeg) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    res.end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await rm(root, { recursive: true, force: true });
});

interface Build {
  done: Promise<{ code: number | null; output: string }>;
  kill: () => void;
}

function build(): Build {
  const child = spawn(process.execPath, [ASTRO, 'build', '--root', FIXTURE], {
    cwd: FIXTURE,
    detached: true, // its own process group, stopped as a whole as the runner stops a build
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      FIXTURE_ORIGIN: origin,
      FIXTURE_PICTURES: String(PICTURES),
      FIXTURE_OUT: out,
      FIXTURE_CACHE: cache,
      FIXTURE_VITE_CACHE: join(root, 'vite'),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return {
    done: new Promise((resolve) => child.on('close', (code) => resolve({ code, output }))),
    kill: () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already ended
      }
    },
  };
}

async function mustBuild(): Promise<string> {
  const { code, output } = await build().done;
  expect(code, output).toBe(0);
  return output;
}

const entries = async () => (await readdir(assets).catch(() => [] as string[])).sort();
const pictures = (names: string[]) => names.filter((name) => /\.(avif|webp)$/.test(name));

/** Every picture of the release decodes, all of them there. */
async function releaseIsWhole(): Promise<void> {
  const names = pictures(await readdir(join(out, '_astro')));
  expect(names).toHaveLength(PICTURES * 2);
  for (const name of names) {
    const { format, width } = await sharp(join(out, '_astro', name)).metadata();
    expect(format, name).toBe(name.endsWith('.avif') ? 'heif' : 'webp');
    expect(width, name).toBe(640);
  }
}

/** Every cache entry with a note is whole: the note parses, its picture decodes. */
async function cacheIsReadable(): Promise<number> {
  const names = await entries();
  let whole = 0;
  for (const name of pictures(names)) {
    if (!names.includes(`${name}.json`)) continue;
    const note = JSON.parse(await readFile(join(assets, `${name}.json`), 'utf8')) as {
      expires: unknown;
    };
    expect(typeof note.expires, name).toBe('number');
    await expect(sharp(join(assets, name)).metadata(), name).resolves.toHaveProperty('width', 640);
    whole++;
  }
  return whole;
}

describe("Astro's image cache", () => {
  it(
    'encodes into the cache, and the next build reuses every entry',
    { timeout: 120_000 },
    async () => {
      await mustBuild();
      await releaseIsWhole();
      expect(await cacheIsReadable()).toBe(PICTURES * 2);
      const output = await mustBuild();
      expect(output.match(/reused cache entry/g)).toHaveLength(PICTURES * 2);
    },
  );

  it(
    'encodes again what an interrupted build left torn, and the build succeeds',
    { timeout: 120_000 },
    async () => {
      const [emptyNote, halfPicture, brokenNote] = pictures(await entries());
      // a note left at zero bytes (the picture written, the note not yet)
      await truncate(join(assets, `${emptyNote}.json`), 0);
      // a picture half written, its note never begun
      const size = (await stat(join(assets, halfPicture))).size;
      await truncate(join(assets, halfPicture), Math.floor(size / 2));
      await rm(join(assets, `${halfPicture}.json`));
      // a note cut off mid-way
      await writeFile(join(assets, `${brokenNote}.json`), '{"expires":17');

      const output = await mustBuild();
      expect(output).toMatch(/unreadable cache entry/);
      await releaseIsWhole();
      expect(await cacheIsReadable()).toBe(PICTURES * 2);
    },
  );

  it(
    'is never left unusable by builds killed at random moments of encoding',
    { timeout: 180_000 },
    async () => {
      for (let round = 0; round < 4; round++) {
        // some pictures to encode again, as after an edit
        const names = pictures(await entries());
        for (const name of names.filter((_, n) => (n + round) % 2 === 0)) {
          await rm(join(assets, name));
          await rm(join(assets, `${name}.json`), { force: true });
        }
        const before = new Set(await entries());
        const running = build();
        // killed once it has begun writing the cache, after a random further moment
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline && (await entries()).every((name) => before.has(name))) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 120));
        running.kill();
        await running.done;
        await cacheIsReadable();
      }
      await mustBuild();
      await releaseIsWhole();
      expect(await cacheIsReadable()).toBe(PICTURES * 2);
    },
  );
});
