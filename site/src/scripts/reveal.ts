import AOS from 'aos';
import 'aos/dist/aos.css';

const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scroll-reveal animations, initialised once per page with the spec's settings (section 9);
 * off, with every element shown at once, for visitors who ask for less motion.
 */
export function initReveal(): void {
  AOS.init({
    offset: 120,
    duration: 400,
    easing: 'ease',
    throttleDelay: 99,
    debounceDelay: 50,
    once: true,
    disable: reduced,
  });
}
