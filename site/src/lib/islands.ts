/** Astro's tag for a component's renderer (a registered symbol: its compiled JSX sets it too). */
const RENDERER = Symbol.for('astro:renderer');

/**
 * Names React as the renderer of one of the site's islands. Untagged, Astro asks each renderer
 * whether a component is its own, and React's answer renders the component once to see: that
 * render takes one of the page's React id prefixes (`prefix="r0"`, …) at a moment that depends on
 * how soon the page's other islands' answers come, so two builds of one page could number its
 * islands differently, and a page rendered by an edit's build differ from a full build's (the
 * incremental builds' equality test met it). Tagged, each island takes the next prefix as its
 * render starts, in the page's order. Written by hand: Astro tags only what its JSX compiles.
 */
export function reactIsland<T extends object>(component: T): T {
  if (!Object.hasOwn(component, RENDERER)) {
    Object.defineProperty(component, RENDERER, { value: '@astrojs/react' });
  }
  return component;
}
