import { useEffect, useState } from 'react';
import type { SignInMessages } from '../../i18n/signIn.ts';
import { companyName, tabTitle } from '../tabTitle.ts';

/**
 * The tab says it is the sign-in of this company's back office (`tabTitle`), in the screen's
 * language (the page's `lang` too): the company's name is public (the site shows it), read once.
 */
export function useTabTitle(messages: SignInMessages | null, locale: string) {
  const [legalName, setLegalName] = useState<unknown>(undefined);
  useEffect(() => {
    const aborted = new AbortController();
    fetch('/api/settings', { signal: aborted.signal })
      .then((reply) => (reply.ok ? reply.json() : null))
      .then((body: { data?: { legal_name?: unknown } } | null) =>
        setLegalName(body?.data?.legal_name),
      )
      .catch(() => undefined);
    return () => aborted.abort();
  }, []);
  useEffect(() => {
    if (!messages) return;
    document.documentElement.lang = locale;
    document.title = tabTitle(
      messages['conveyor.login.title'],
      companyName(legalName, messages['conveyor.company']),
    );
  }, [messages, legalName, locale]);
}
