import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'focusin', 'keydown', 'touchstart', 'mouseover'] as const;
/** Dispatched (bubbling) by an island once it handles its own events. */
export const READY_EVENT = 'conveyor:ready';

/**
 * `client:interaction`: the island wakes when the visitor first reaches for it (a pointer over
 * it or pressed on it, a touch, focus, a key): hovering the form gives React a head start before
 * the first click. A form is plain HTML until then, so a page with a form ships no framework code
 * to a visitor who only reads it. Astro's own directives cannot wait this long: `client:visible`
 * would load React on every page whose form is on screen.
 */
const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  let held: HTMLFormElement | null = null;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      // the code could not be fetched (the network dropped): the next touch tries again, and a
      // held submission is replayed once it succeeds
      console.error(error);
      started = false;
      for (const type of EVENTS) el.addEventListener(type, start, { passive: true });
    }
  };
  // React hydrates concurrently: until the island says it is ready (data-ready on its form and
  // a `conveyor:ready` event), a submission is stopped here and replayed afterwards, so a form
  // is never sent natively.
  el.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (form.dataset.ready) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held = form;
      void start();
    },
    true,
  );
  el.addEventListener(READY_EVENT, () => {
    const form = held;
    held = null;
    form?.requestSubmit();
  });
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });
  // `client:interaction="query"`: a filter island whose state is in the address wakes at once
  if (options.value === 'query' && window.location.search.length > 1) void start();
};

export default interaction;
