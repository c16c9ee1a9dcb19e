// The browser's cookie jar, which Node's fetch has not: a stand-in at this system edge, so that
// the providers run against the real API's HttpOnly session cookie as they do in a browser.
// Cookies are kept per host and sent back to it; a Set-Cookie with an empty value or a
// Max-Age of 0 (or an expiry in the past) removes one. Paths and flags are not needed here.

const jar = new Map<string, Map<string, string>>();

export const cookieJar = {
  get(url: string, name: string): string | undefined {
    return jar.get(new URL(url).host)?.get(name);
  },
  set(url: string, name: string, value: string) {
    const host = new URL(url).host;
    if (!jar.has(host)) jar.set(host, new Map());
    jar.get(host)!.set(name, value);
  },
  clear() {
    jar.clear();
  },
};

function store(url: string, setCookies: string[]) {
  const host = new URL(url).host;
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const removed =
      value === '' ||
      attributes.some((a) => /^max-age=0$/i.test(a)) ||
      attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
    if (!jar.has(host)) jar.set(host, new Map());
    if (removed) jar.get(host)!.delete(name);
    else jar.get(host)!.set(name, value);
  }
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = input instanceof Request ? input.url : String(input);
  const headers = new Headers(init.headers);
  const cookies = jar.get(new URL(url).host);
  if (init.credentials === 'include' && cookies?.size && !headers.has('cookie')) {
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
  }
  const response = await realFetch(input, { ...init, headers });
  if (init.credentials === 'include') store(url, response.headers.getSetCookie());
  return response;
};
