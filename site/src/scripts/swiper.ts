import { PRODUCT_SLIDER_AUTOPLAY_MS } from '@conveyor/shared';
import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Thumbs } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';

// Swiper with only the modules these carousels use (the whole bundle is three times larger).

function navigation(root: HTMLElement): SwiperOptions['navigation'] {
  const prev = root.querySelector<HTMLElement>('[data-prev]');
  const next = root.querySelector<HTMLElement>('[data-next]');
  return prev && next ? { prevEl: prev, nextEl: next } : false;
}

const a11y = (root: HTMLElement): SwiperOptions['a11y'] => ({
  prevSlideMessage: root.dataset.prev ?? 'Previous',
  nextSlideMessage: root.dataset.next ?? 'Next',
  paginationBulletMessage: `${root.dataset.slide ?? 'Slide'} {{index}}`,
  slideLabelMessage: '{{index}} / {{slidesLength}}',
});

export function startCarousel(root: HTMLElement, reducedMotion: boolean): void {
  const kind = root.dataset.carousel;
  const main = root.querySelector<HTMLElement>('.swiper');
  if (!main) return;
  const common: SwiperOptions = {
    modules: [A11y, Keyboard, Navigation, Autoplay, Thumbs],
    keyboard: { enabled: true, onlyInViewport: true },
    a11y: a11y(root),
    navigation: navigation(root),
    watchSlidesProgress: true,
  };
  if (kind === 'clients') {
    new Swiper(main, { ...common, slidesPerView: 'auto', spaceBetween: 30, loop: true });
  } else if (kind === 'testimonials') {
    new Swiper(main, {
      ...common,
      slidesPerView: 1,
      spaceBetween: 30,
      loop: true,
      breakpoints: { 450: { slidesPerView: 2 }, 768: { slidesPerView: 3 } },
    });
  } else if (kind === 'gallery') {
    const thumbsEl = root.querySelector<HTMLElement>('.thumbs');
    const thumbs = thumbsEl
      ? new Swiper(thumbsEl, { slidesPerView: 'auto', spaceBetween: 8, watchSlidesProgress: true })
      : undefined;
    const gallery = new Swiper(main, {
      ...common,
      spaceBetween: 10,
      loop: main.querySelectorAll('.swiper-slide').length > 1,
      // moving pictures are motion: under prefers-reduced-motion they move only when asked to
      autoplay: reducedMotion
        ? false
        : {
            delay: PRODUCT_SLIDER_AUTOPLAY_MS,
            pauseOnMouseEnter: true,
            disableOnInteraction: true,
          },
      thumbs: thumbs ? { swiper: thumbs } : undefined,
    });
    // Swiper's Thumbs module follows pointer taps only: a thumbnail is a button, and Enter or
    // Space on it (a click without a pointer) must show its picture too. Choosing a picture
    // stops the autoplay, as any other interaction with the gallery does.
    thumbsEl?.querySelectorAll<HTMLButtonElement>('button').forEach((button, index) =>
      button.addEventListener('click', () => {
        gallery.autoplay?.stop();
        gallery.slideToLoop(index);
      }),
    );
  }
}
