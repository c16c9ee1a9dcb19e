import './cookieJar.ts';

// The providers keep a signed-in mark in localStorage (and a sign-out notice in
// sessionStorage), and the session in a cookie: browser APIs Node lacks. In-memory stand-ins
// at this system edge; everything else in these tests is the real API over real HTTP.
class MemoryStorage {
  #items = new Map<string, string>();
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}
for (const name of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, name, { value: new MemoryStorage(), configurable: true });
}
