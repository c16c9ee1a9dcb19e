const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Starts the carousels of a page (clients, testimonials, the product gallery) when they come
 * near the viewport: Swiper is fetched only then, so a visitor who never scrolls to a carousel
 * never downloads it. Settings are the spec's (section 9).
 */
export function initCarousels(): void {
  // several components call this on one page: each carousel is watched once
  const roots = [...document.querySelectorAll<HTMLElement>('[data-carousel]:not([data-watched])')];
  if (!roots.length) return;
  const start = async (root: HTMLElement) => {
    const { startCarousel } = await import('./swiper.ts');
    startCarousel(root, reducedMotion());
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void start(entry.target as HTMLElement);
      }
    },
    { rootMargin: '200px' },
  );
  for (const root of roots) {
    root.dataset.watched = '';
    observer.observe(root);
  }
}
