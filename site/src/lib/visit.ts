import type { Language } from '@conveyor/shared';

// What the site knows of a visit, sent with the public forms so sales see where a lead came
// from: the page the form was sent from, its language, and the visit's landing: the external
// referrer and the first-touch UTM parameters. The landing is stored once per visit (the tab's
// session) by the first page and never overwritten by later pages of the visit.

export const UTM_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

export type Landing = { referrer: string } & Record<(typeof UTM_FIELDS)[number], string>;
export type VisitContext = Landing & { page: string; language: Language | '' };

/** The sessionStorage key of the landing. */
export const LANDING_KEY = 'landing';

// The API's limits (shared/src/schemas/people.ts): a longer value is cut, not refused.
const UTM_MAX = 200;
const REFERRER_MAX = 1000;
const PAGE_MAX = 500;

/** The landing as a page at `url`, reached from `referrer`: an internal referrer is none. */
export function landingOf(url: string, referrer: string): Landing {
  const here = new URL(url);
  const params = here.searchParams;
  let external = '';
  if (referrer && URL.canParse(referrer) && new URL(referrer).origin !== here.origin) {
    external = referrer.slice(0, REFERRER_MAX);
  }
  const landing = { referrer: external } as Landing;
  for (const field of UTM_FIELDS)
    landing[field] = (params.get(field) ?? '').trim().slice(0, UTM_MAX);
  return landing;
}

function storage(view: Window): Storage | null {
  try {
    return view.sessionStorage;
  } catch {
    return null; // storage blocked: the form sends what the current page knows
  }
}

function stored(view: Window): Landing | null {
  try {
    const value: unknown = JSON.parse(storage(view)?.getItem(LANDING_KEY) ?? 'null');
    return value && typeof value === 'object' ? (value as Landing) : null;
  } catch {
    return null;
  }
}

/** Remembers this page as the visit's landing, unless an earlier page of the visit did. */
export function rememberLanding(view: Window = window): void {
  if (stored(view)) return;
  try {
    storage(view)?.setItem(
      LANDING_KEY,
      JSON.stringify(landingOf(view.location.href, view.document.referrer)),
    );
  } catch {
    // storage full or blocked: nothing to remember
  }
}

/** The context a form sends: this page, its language and the visit's landing. */
export function visitContext(language: Language | '', view: Window = window): VisitContext {
  const landing = stored(view) ?? landingOf(view.location.href, view.document.referrer);
  const context = { page: view.location.pathname.slice(0, PAGE_MAX), language } as VisitContext;
  context.referrer = String(landing.referrer ?? '');
  for (const field of UTM_FIELDS) context[field] = String(landing[field] ?? '');
  return context;
}
