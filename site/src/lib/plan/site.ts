import { DEFAULT_LANGUAGE, LANGUAGES, type SiteData } from '@conveyor/shared';
import { searchSources } from '../search.ts';
import { planCatalog } from './catalog.ts';
import { type ProductPlan, ProductWork } from './kept.ts';
import { companyOf, ownedDocuments, PageList, type PlannedPage, versionsOf } from './pages.ts';

/**
 * The site's pages, planned from the data before anything is rendered (rebuilding only what
 * changed). The plan is the one reader of the data (src/lib/api.ts): each page gets everything
 * it shows as its props, the company data (header, footer, contact details) included, and
 * hands them down to its layout and components; pages, layouts and components may not read the
 * data themselves (a lint rule in eslint.config.js). Each page has a key: a hash of its route,
 * its language and its props. A page whose key is the one the live release built it with is
 * not rendered again; its files are carried over (src/integrations/incremental.ts). So a page
 * is rendered again exactly when what it is given changes; the equality test
 * (api/test/publishing/incremental.test.ts) builds incrementally after each of a sequence of
 * edits, every kind at least once, and compares each release with a full build of the same
 * data, file by file.
 *
 * Every page is given the company data, so a change to them rebuilds everything; they are
 * hashed once per plan, and each key takes that hash in their place (thousands of pages would
 * otherwise each hash the same privacy texts again). What is not data (the site's code,
 * SITE_URL, PUBLIC_API_URL: src/lib/urls.ts) is the release's `code` hash: a change to it
 * rebuilds everything too.
 */

/**
 * Every page of the site for these data.
 *
 * `kept`: what the last plan of the same code made of each product, by id. A product whose
 * record and whose context (the company data, its category, the attributes, its documents, its
 * related products' cards, its chat) are what they were has its pages taken from it rather than
 * made and hashed again: at ten thousand products, most of the plan, while an edit changes a
 * few. The map is left holding this plan's products. Rebuild now plans without it.
 */
export function planSite(data: SiteData, kept?: Map<number, ProductPlan>): PlannedPage[] {
  const list = new PageList(companyOf(data.settings));
  const add = list.add.bind(list);
  add('home', '/', {}, { categories: data.categories, clients: data.clients });
  add('catalog', '/catalog', {}, { categories: data.categories });
  add('about', '/about', {}, { testimonials: data.testimonials });
  add('clients', '/clients', {}, { clients: data.clients });
  for (const route of [
    'contacts',
    'privacy',
    'services',
    'suppliers',
    'suppliers-inner',
  ] as const) {
    add(route, `/${route}`, {}, {});
  }
  // the Russian 404 is src/pages/404.astro (404.html), rendered in every build (notFoundProps)
  add(
    'not-found',
    '/404',
    {},
    {},
    LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE),
  );
  const documentsOf = ownedDocuments(data.documents);
  add('projects', '/projects', {}, { projects: data.projects });
  for (const project of data.projects) {
    add(
      'project',
      `/projects/${project.id}`,
      { id: String(project.id) },
      {
        project,
        documents: documentsOf('project_id', project.id),
        versions: versionsOf(project, 'title'),
      },
    );
  }
  add('compare', '/compare', {}, {});
  add('quote', '/quote', {}, {});
  add('search', '/search', {}, {});
  // A product's search records are kept too (most of a plan's work but its pages' keys),
  // while its record, its category and the attributes are what they were
  const work = new ProductWork(data, list, kept);
  for (const lang of LANGUAGES) {
    const sources = searchSources(data, lang, kept ? work.source : undefined);
    add('search-records', '/search/records', {}, { sources }, [lang], false, {
      sources: sources.map((source) => list.digest(source)),
    });
  }
  const plans = planCatalog(data, list, work, documentsOf);
  if (kept) {
    kept.clear();
    for (const [id, plan] of plans) kept.set(id, plan);
  }
  return list.pages;
}
