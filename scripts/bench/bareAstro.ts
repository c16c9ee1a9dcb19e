// The bare Astro site `pnpm bench:publish` measures the product's builds against (publish.ts):
// its files, made like the catalogue's pages or trivial ones, and its builds, timed.
import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';

export interface BareRun {
  pages: number;
  pagesPerSecond: number;
  renderSeconds: number;
}

/** The average size of a release's pages (index.html files), in bytes. */
export async function averagePageSize(release: string): Promise<number> {
  const entries = await readdir(release, { recursive: true, withFileTypes: true });
  const pages = entries.filter((entry) => entry.isFile() && entry.name === 'index.html');
  let total = 0;
  for (const page of pages) total += (await stat(join(page.parentPath, page.name))).size;
  return pages.length ? total / pages.length : 0;
}

// The bare site's files. `similar` pages are made like the catalogue's: a head with its
// metadata, alternates and JSON-LD, a header with the menu and the category list, breadcrumbs,
// a record with its text and specifications, a grid of cards with <picture> markup (no picture
// is read or encoded), a contact form and the footer; the number of cards (CARDS) sets their
// size. `trivial` pages are a heading and twelve paragraphs.
const BARE_FILES: Record<'similar' | 'trivial', Record<string, string>> = {
  trivial: {
    'src/pages/[id].astro': `---
export function getStaticPaths() {
  return Array.from({ length: Number(process.env.PAGES) }, (_, i) => ({ params: { id: String(i + 1) } }));
}
const { id } = Astro.params;
const items = Array.from({ length: 12 }, (_, i) => \`Item \${i + 1} of page \${id}\`);
---
<html lang="en"><head><meta charset="utf-8"><title>Page {id}</title></head>
<body><header><nav>{['Home', 'Catalogue', 'Projects', 'About', 'Contacts'].map((name) => <a href="/">{name}</a>)}</nav></header>
<main><h1>Page {id}</h1>{items.map((item) => <p>{item}: a belt conveyor for bulk material, with rollers, a drive and a frame.</p>)}</main>
<footer><p>Conveyor company, {id}</p></footer></body></html>
`,
  },
  similar: {
    'src/components/Layout.astro': `---
import Header from './Header.astro';
import Footer from './Footer.astro';
import Form from './Form.astro';
interface Props { id: string; title: string; description: string; trail: { name: string; href: string }[] }
const { id, title, description, trail } = Astro.props;
const site = 'https://conveyor.example';
const data = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'Organization', name: 'Conveyor company', url: site, telephone: '+998 71 200 00 00', address: { '@type': 'PostalAddress', streetAddress: 'Industrial street 12', addressLocality: 'Tashkent', addressCountry: 'UZ' } },
    { '@type': 'BreadcrumbList', itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: site + crumb.href })) },
    { '@type': 'Product', name: title, description, url: \`\${site}/\${id}\`, brand: { '@type': 'Brand', name: 'Conveyor company' } },
  ],
};
---
<!doctype html>
<html lang="ru" data-theme="light">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title} | Conveyor company</title>
    <meta name="description" content={description} />
    <meta name="theme-color" content="#0a58a6" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="canonical" href={\`\${site}/\${id}\`} />
    {['ru', 'uz', 'en'].map((lang) => <link rel="alternate" hreflang={lang} href={\`\${site}/\${lang}/\${id}\`} />)}
    <link rel="alternate" hreflang="x-default" href={\`\${site}/\${id}\`} />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="Conveyor company" />
    <meta property="og:title" content={title} />
    <meta property="og:description" content={description} />
    <meta property="og:url" content={\`\${site}/\${id}\`} />
    <meta property="og:image" content={\`\${site}/uploads/\${id}.jpg\`} />
    <meta name="twitter:card" content="summary_large_image" />
    <script type="application/ld+json" set:html={JSON.stringify(data)} />
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to content</a>
    <Header id={id} />
    <main id="main" tabindex="-1">
      <nav aria-label="Breadcrumbs" class="container"><ol>{trail.map((crumb) => <li><a href={crumb.href}>{crumb.name}</a></li>)}</ol></nav>
      <slot />
    </main>
    <Form id={id} />
    <Footer />
  </body>
</html>
`,
    'src/components/Header.astro': `---
const { id } = Astro.props;
const menu = ['Home', 'Catalogue', 'Projects', 'Services', 'Clients', 'About', 'Contacts'];
const categories = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: \`Conveyors of kind \${i + 1}\` }));
---
<header class="site-header">
  <div class="container header-row">
    <a class="logo" href="/" aria-label="Conveyor company, home">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true"><rect x="2" y="14" width="36" height="12" rx="6" fill="#0a58a6" /><circle cx="9" cy="20" r="4" fill="#fff" /><circle cx="31" cy="20" r="4" fill="#fff" /></svg>
      <span>Conveyor company</span>
    </a>
    <nav aria-label="Menu">
      <ul class="menu" role="list">
        {menu.map((name, i) => (
          <li class={i === 1 ? 'has-submenu' : undefined}>
            <a href={\`/\${name.toLowerCase()}\`} aria-current={i === 1 ? 'page' : undefined}>{name}</a>
            {i === 1 && (
              <ul class="submenu" role="list">
                {categories.map((category) => <li><a href={\`/catalog/\${category.id}\`}><span>{category.name}</span></a></li>)}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
    <div class="header-tools">
      {['ru', 'uz', 'en'].map((lang) => <a href={\`/\${lang}/\${id}\`} hreflang={lang} lang={lang}>{lang.toUpperCase()}</a>)}
      <a class="phone" href="tel:+998712000000">+998 71 200 00 00</a>
      <button type="button" class="theme-toggle" aria-label="Dark theme" aria-pressed="false"><svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="6" /></svg></button>
      <button type="button" class="menu-toggle" aria-label="Menu" aria-expanded="false"><svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><path d="M2 5h16M2 10h16M2 15h16" /></svg></button>
    </div>
  </div>
</header>
`,
    'src/components/Card.astro': `---
const { href, title, text, picture } = Astro.props;
const srcset = (format: string) => [360, 720].map((width) => \`/_astro/\${picture}_\${width}.\${format} \${width}w\`).join(', ');
---
<li class="card">
  <a href={href}>
    <picture>
      <source type="image/avif" srcset={srcset('avif')} sizes="(min-width: 1024px) 360px, 100vw" />
      <source type="image/webp" srcset={srcset('webp')} sizes="(min-width: 1024px) 360px, 100vw" />
      <img src={\`/_astro/\${picture}_360.webp\`} srcset={srcset('webp')} sizes="(min-width: 1024px) 360px, 100vw" alt="" width="720" height="540" loading="lazy" decoding="async" />
    </picture>
    <h3>{title}</h3>
    <p>{text}</p>
  </a>
</li>
`,
    'src/components/Form.astro': `---
const { id } = Astro.props;
const fields = [
  { name: 'name', label: 'Your name', type: 'text', required: true },
  { name: 'phone', label: 'Phone', type: 'tel', required: false },
  { name: 'email', label: 'E-mail', type: 'email', required: false },
  { name: 'company', label: 'Company', type: 'text', required: false },
];
---
<section class="contact-block" id="contact-form">
  <div class="container">
    <h2>Ask for a quote</h2>
    <p>Leave your contacts and an engineer calls you back within a working day.</p>
    <form method="post" action="/api/contact" data-product={id} novalidate>
      {fields.map((field) => (
        <div class="field">
          <label for={\`contact-\${field.name}\`}>{field.label}{field.required && <span aria-hidden="true"> *</span>}</label>
          <input id={\`contact-\${field.name}\`} name={field.name} type={field.type} required={field.required} autocomplete={field.name} />
        </div>
      ))}
      <div class="field"><label for="contact-message">Message</label><textarea id="contact-message" name="message" rows="4" maxlength="2000"></textarea></div>
      <button class="button" type="submit">Send</button>
      <p class="form-status" role="status" aria-live="polite"></p>
    </form>
  </div>
</section>
`,
    'src/components/Footer.astro': `---
const columns = [
  { title: 'Catalogue', links: Array.from({ length: 6 }, (_, i) => \`Conveyors of kind \${i + 1}\`) },
  { title: 'Company', links: ['About', 'Projects', 'Services', 'Clients', 'Suppliers', 'Privacy'] },
  { title: 'Contacts', links: ['+998 71 200 00 00', '+998 90 100 00 00', 'sales@conveyor.example', 'Telegram', 'Instagram', 'YouTube'] },
];
---
<footer class="site-footer">
  <div class="container footer-columns">
    {columns.map((column) => (
      <div><h2 class="footer-title">{column.title}</h2><ul role="list">{column.links.map((link) => <li><a href="/">{link}</a></li>)}</ul></div>
    ))}
  </div>
  <div class="container footer-bottom"><p>Industrial street 12, Tashkent, Uzbekistan</p><p>© 2019–2026 Conveyor company</p></div>
</footer>
`,
    'src/pages/[id].astro': `---
import Layout from '../components/Layout.astro';
import Card from '../components/Card.astro';
export function getStaticPaths() {
  return Array.from({ length: Number(process.env.PAGES) }, (_, i) => ({ params: { id: String(i + 1) } }));
}
const { id } = Astro.params;
const cards = Number(process.env.CARDS);
const title = \`Belt conveyor LK-\${id}\`;
const description = \`A belt conveyor for bulk material, number \${id}: rollers, a drive and a frame made to order, delivered and installed by our engineers.\`;
const specs = ['Belt width', 'Length', 'Capacity', 'Speed', 'Drive power', 'Incline', 'Frame', 'Rollers'];
---
<Layout id={id} title={title} description={description} trail={[{ name: 'Home', href: '/' }, { name: 'Catalogue', href: '/catalog' }, { name: title, href: \`/\${id}\` }]}>
  <article class="section">
    <div class="container columns">
      <div class="placeholder"></div>
      <div>
        <h1>{title}</h1>
        <p class="pre-line">{description}</p>
        <p><a class="button" href="#contact-form" data-quote>Ask for a quote</a></p>
        <dl class="specs">{specs.map((spec, i) => <><dt>{spec}</dt><dd>{(Number(id) * (i + 3)) % 1000} units</dd></>)}</dl>
        {['About the product', 'Service', 'How to order'].map((heading) => <section><h2 class="subheading">{heading}</h2><p>{description}</p></section>)}
      </div>
    </div>
    <div class="container space-above">
      <h2>Related products</h2>
      <ul class="cards" role="list">
        {Array.from({ length: cards }, (_, i) => (
          <Card href={\`/\${(Number(id) + i) % 1000}\`} title={\`Conveyor \${id}-\${i + 1}\`} text={description} picture={\`0b1c2d3e-4f5a-6b7c-8d9e-\${String(i).padStart(12, '0')}\`} />
        ))}
      </ul>
    </div>
  </article>
</Layout>
`,
  },
};

// The bare site's warm builds (BareSite.runWarm), made ready as the product's build worker is
// (site/scripts/worker.mjs: NODE_ENV first, then Astro, its compiler, sharp and esbuild with its
// service started, then the config), then BARE_WARM_BUILDS programmatic builds called as
// site/scripts/buildSite.mjs calls them, each timed alone and reported on a line of its own.
const BARE_WARM_BUILDS = 2;
const BARE_WARM_LINE = 'bare-warm-build';
const BARE_WARM_SCRIPT = `import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
process.env.NODE_ENV ??= 'production';
const { build } = await import('astro');
const fromAstro = createRequire(createRequire(import.meta.url).resolve('astro/package.json'));
for (const name of ['@astrojs/compiler-rs', 'sharp', 'esbuild']) {
  try {
    const module = await import(pathToFileURL(fromAstro.resolve(name)).href);
    if (name === 'esbuild') await module.transform('');
  } catch {
    // as in the worker: only a head start
  }
}
await import(new URL('./astro.config.mjs?t=preload', import.meta.url).href);
const root = fileURLToPath(new URL('.', import.meta.url));
for (let i = 1; i <= ${BARE_WARM_BUILDS}; i++) {
  const started = performance.now();
  await build({ root }, { sync: false });
  console.log(\`\\n${BARE_WARM_LINE} \${i} \${performance.now() - started}\`);
}
process.exit(0);
`;

/**
 * A bare Astro site of `pages` pages, in site/.bench/<kind> (ignored by git), where the site's
 * own Astro resolves: one dynamic route, no data fetched, no pictures, no islands, no security
 * policy, no integrations. `similar` pages are made as large as `targetSize` bytes on average
 * (the catalogue's own pages: the target's yardstick is "a bare Astro build of similar pages"),
 * by the number of cards each holds, found from two small builds; `trivial` pages are the
 * small ones measured before. Built once to warm the caches; then `run` times a build with
 * Astro's CLI in a process of its own (Node's start and Astro's loading included): its pages per
 * second, whole and while rendering (Astro's "generating static routes" step); `runWarm` times
 * the builds of one process made ready as the product's build worker is (BARE_WARM_SCRIPT),
 * each alone: the first (the match of a rebuild that is its worker's first) and the second
 * (of a rebuild in a worker that has built before).
 */
export async function bareAstro(
  kind: 'similar' | 'trivial',
  pages: number,
  targetSize = 0,
): Promise<{
  run: () => Promise<BareRun>;
  runWarm: () => Promise<{ first: BareRun; second: BareRun }>;
  remove: () => Promise<void>;
  pageSize: number;
}> {
  const root = join(REPO_ROOT, 'site', '.bench', kind);
  await rm(root, { recursive: true, force: true });
  for (const [file, text] of Object.entries(BARE_FILES[kind])) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
  }
  await writeFile(
    join(root, 'astro.config.mjs'),
    "export default { output: 'static', build: { format: 'directory' } };\n",
  );
  await writeFile(join(root, 'warm.mjs'), BARE_WARM_SCRIPT);
  const build = (
    count: number,
    cards: number,
    args = ['../../node_modules/astro/bin/astro.mjs', 'build'],
  ) =>
    new Promise<{ ms: number; output: string }>((resolve, reject) => {
      const started = Date.now();
      const child = spawn(process.execPath, args, {
        cwd: root,
        env: {
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: '1',
          NO_COLOR: '1',
          PAGES: String(count),
          CARDS: String(cards),
        },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolve({ ms: Date.now() - started, output })
          : reject(new Error(`bare build: exit ${code}`)),
      );
    });
  let cards = 0;
  if (kind === 'similar') {
    // a page's size grows by the same number of bytes with each card: two builds of a few
    // pages tell the size without cards and with ten
    const sample = 20;
    await build(sample, 0);
    const none = await averagePageSize(join(root, 'dist'));
    await build(sample, 10);
    const perCard = ((await averagePageSize(join(root, 'dist'))) - none) / 10;
    cards = Math.max(0, Math.round((targetSize - none) / perCard));
  }
  await build(pages, cards);
  const pageSize = await averagePageSize(join(root, 'dist'));
  return {
    pageSize,
    async run() {
      const { ms, output } = await build(pages, cards);
      // the line after the page list: "✓ Completed in 3.21s." (or "in 850ms.")
      const rendering = /generating static routes[\s\S]*?Completed in ([\d.]+)(m?s)/.exec(output);
      const renderSeconds = rendering
        ? Number(rendering[1]) / (rendering[2] === 'ms' ? 1000 : 1)
        : Number.NaN;
      return { pages, pagesPerSecond: pages / (ms / 1000), renderSeconds };
    },
    async runWarm() {
      const { output } = await build(pages, cards, ['warm.mjs']);
      const times = [...output.matchAll(new RegExp(`^${BARE_WARM_LINE} (\\d+) ([\\d.]+)$`, 'gm'))];
      // every page written by the last build (a second build in one process could leave some out)
      const written = (await readdir(join(root, 'dist'), { recursive: true })).filter((name) =>
        name.endsWith('index.html'),
      ).length;
      if (times.length !== BARE_WARM_BUILDS || written < pages * 0.99)
        throw new Error(`bare warm builds: ${times.length} timed, ${written} of ${pages} pages`);
      // (a few pages can be missing) the rate still counts every page, which flatters the bare
      // build a little: the product's share comes out a little smaller
      if (written !== pages)
        console.warn(`  bare warm build: ${written} of ${pages} pages written`);
      const [first, second] = times.map(([, , ms]) => ({
        pages,
        pagesPerSecond: pages / (Number(ms) / 1000),
        renderSeconds: Number.NaN,
      }));
      return { first: first!, second: second! };
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
