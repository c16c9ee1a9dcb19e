import { inferRemoteSize } from 'astro:assets';
import { fileUrl } from './api.ts';

export interface RemotePicture {
  src: string;
  width: number;
  height: number;
}

const sizes = new Map<string, Promise<RemotePicture | null>>();

/**
 * An uploaded picture with its real size (read from the first bytes of the file, once per
 * build), or null when there is none or it cannot be read: one missing file must not fail the
 * whole site, it shows a placeholder instead.
 */
export function remotePicture(path: string | null | undefined): Promise<RemotePicture | null> {
  const src = fileUrl(path);
  if (!src) return Promise.resolve(null);
  if (!sizes.has(src)) {
    sizes.set(
      src,
      inferRemoteSize(src).then(
        ({ width, height }) => (width && height ? { src, width, height } : null),
        (error: unknown) => {
          console.warn(`picture ${src} left out: ${String(error)}`);
          return null;
        },
      ),
    );
  }
  return sizes.get(src)!;
}
