declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first pointer, touch, focus or key event inside the island; with 'query',
     * at once when the address has a query (a shared link to a filtered view).
     */
    'client:interaction'?: boolean | 'query';
  }
}
export {};
