// The providers keep the token in localStorage (and a sign-out notice in sessionStorage):
// browser APIs Node lacks. An in-memory stand-in
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
