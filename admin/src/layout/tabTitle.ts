/**
 * A browser tab's title: the screen, then the company (`Mahsulotlar — OOO «Konveyer»`), so that
 * staff with several tabs open tell them apart. Apart from DocumentTitle.tsx: the sign-in
 * screen names its tab too, without react-admin.
 */
export const tabTitle = (screen: string, company: string) =>
  screen ? `${screen} — ${company}` : company;

/** The company's name as the site shows it: its legal name, else the site's own name. */
export const companyName = (legalName: unknown, fallback: string) =>
  (typeof legalName === 'string' && legalName.trim()) || fallback;
