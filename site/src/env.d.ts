declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key event inside the island. */
    'client:interaction'?: boolean;
  }
}
export {};
