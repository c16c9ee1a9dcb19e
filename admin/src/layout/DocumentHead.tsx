import type { Settings } from '@conveyor/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useBasename, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { SINGLETON_ID } from '../providers/dataProvider.ts';
import { screenLabel } from './Breadcrumbs.tsx';
import { companyName, tabTitle } from './tabTitle.ts';

/** The company's name for the tab: its legal name as the site shows it, else the site's name. */
export function useCompanyName(): string {
  const translate = useTranslate();
  // the company data is public (the site shows it); one read serves every screen
  const { data } = useGetOne<Settings & { id: number }>(
    'settings',
    { id: SINGLETON_ID },
    { staleTime: 5 * 60_000, retry: false },
  );
  return companyName(data?.legal_name, translate('conveyor.company'));
}

/**
 * The page's language and its tab's title. The language is the screen's (`<html lang>`), so
 * that a screen reader reads a Russian screen as Russian, not as the page's first Uzbek.
 * The tab is named after the screen and the company, in the screen's language: the
 * screen's own title as the app bar shows it (react-admin's Title: `Mahsulotlar`,
 * `Mahsulot «LK-400»`), watched as it changes, else the screen's name from its address. The tab
 * read "Admin" on every screen, and staff with several open could not tell them apart.
 */
export function DocumentHead() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const company = useCompanyName();
  const { pathname } = useLocation();
  const basename = useBasename();
  const fallback = screenLabel(pathname.slice(basename.length), translate);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    const bar = document.getElementById('react-admin-title');
    const update = () => {
      document.title = tabTitle(bar?.textContent?.trim() || fallback, company);
    };
    update();
    if (!bar) return undefined;
    const observer = new MutationObserver(update);
    observer.observe(bar, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [company, fallback]);
  return null;
}
