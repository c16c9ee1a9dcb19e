import type { MessageKey } from '../i18n/index.ts';

/** The spec's navigation (section 2.1), in its order, and the conveyor calculator after the catalogue. */
export const NAVIGATION: readonly { key: MessageKey; to: string }[] = [
  { key: 'nav_home', to: '/' },
  { key: 'nav_calculator', to: '/calculator' },
  { key: 'nav_about', to: '/about' },
  { key: 'nav_clients', to: '/clients' },
  { key: 'nav_services', to: '/services' },
  { key: 'nav_projects', to: '/projects' },
  { key: 'nav_suppliers', to: '/suppliers' },
  { key: 'nav_contacts', to: '/contacts' },
];

/** Whether a menu item is the current page: catalogue pages (and the quote basket) belong to Conveyors, and so on. */
export function isCurrent(to: string, path: string): boolean {
  // the quote basket holds the catalogue's products
  if (to === '/') {
    return path === '/' || path === '/catalog' || path.startsWith('/catalog/') || path === '/quote';
  }
  if (to === '/suppliers') return path === '/suppliers' || path === '/suppliers-inner';
  return path === to || path.startsWith(`${to}/`);
}

/** A phone number as a tel: address. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/** A phone number (or a call link's label) as shown: in one piece, its spaces non-breaking. */
export const nonBreaking = (text: string) => text.trim().replace(/\s+/g, '\u00a0');
