import { describe, expect, it } from 'vitest';
import { syncDigest } from '../scripts/buildSite.mjs';

// The build's synchronous SHA-256 (scripts/buildSite.mjs) stands in for WebCrypto's in the
// hashes of the security policy: it must give the same bytes for every input Astro passes.
const subtle = globalThis.crypto.subtle;
const native = (algorithm: AlgorithmIdentifier, data: BufferSource) =>
  (Object.getPrototypeOf(subtle) as SubtleCrypto).digest.call(subtle, algorithm, data);
const hex = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('hex');

describe('the build’s SHA-256 digest', () => {
  const digest = syncDigest(subtle) as (
    algorithm: AlgorithmIdentifier,
    data: BufferSource,
  ) => Promise<ArrayBuffer>;
  const encoded = new TextEncoder().encode("document.documentElement.dataset.theme = 'dark';");
  const wide = new Uint8Array(64).map((_, i) => i * 3);
  const inputs: [string, BufferSource][] = [
    ['an encoded script', encoded],
    ['an empty input', new Uint8Array(0)],
    ['an ArrayBuffer', wide.buffer],
    ['a view into part of a larger buffer', new Uint8Array(wide.buffer, 10, 20)],
    ['a DataView', new DataView(wide.buffer, 5, 30)],
  ];

  for (const [what, data] of inputs) {
    it(`is WebCrypto's for ${what}`, async () => {
      for (const algorithm of ['SHA-256', 'sha-256', { name: 'SHA-256' }]) {
        expect(hex(await digest(algorithm, data))).toBe(hex(await native('SHA-256', data)));
      }
    });
  }

  it('leaves other algorithms to WebCrypto', async () => {
    const sha512 = await digest('SHA-512', encoded);
    expect(sha512.byteLength).toBe(64);
    expect(hex(sha512)).toBe(hex(await native('SHA-512', encoded)));
    await expect(digest('MD5', encoded)).rejects.toThrow();
  });

  it('is installed for the build', async () => {
    expect(subtle.digest).not.toBe((Object.getPrototypeOf(subtle) as SubtleCrypto).digest);
    expect(hex(await subtle.digest('SHA-256', encoded))).toBe(
      hex(await native('SHA-256', encoded)),
    );
  });
});
