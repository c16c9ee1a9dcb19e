import { inferRemoteSize } from 'astro:assets';
import { fileUrl, uploadsUrl } from './api.ts';
import { keepSize, keptSize } from './pictureSizes.ts';

export interface RemotePicture {
  src: string;
  width: number;
  height: number;
}

/** Longest wait for the first bytes of a picture on another host (a video's thumbnail). */
const REMOTE_TIMEOUT_MS = 5000;

const sizes = new Map<string, Promise<RemotePicture | null>>();
/** Hosts that did not answer in time: the rest of their pictures are not waited for. */
const silentHosts = new Set<string>();

/**
 * A picture at an address the build can read, with its real size (read from the first bytes of
 * the file, once per build), or null when it cannot be read: one missing picture must not fail
 * the whole site, a placeholder stands in for it. The address's host must be one of the image
 * remote patterns of astro.config.mjs.
 */
export function remoteImage(src: string): Promise<RemotePicture | null> {
  if (!sizes.has(src)) sizes.set(src, probe(src));
  return sizes.get(src)!;
}

/**
 * An upload's size, kept from an earlier build (src/lib/pictureSizes.ts), or read and kept.
 * Only uploads: their files never change under one name. A picture on another host (a video's
 * thumbnail) may change or go, and is read each build.
 */
async function uploadSize(src: string): Promise<{ width?: number; height?: number }> {
  const kept = keptSize(src);
  if (kept) return kept;
  const size = await inferRemoteSize(src);
  if (size.width && size.height) keepSize(src, size.width, size.height);
  return size;
}

async function probe(src: string): Promise<RemotePicture | null> {
  const host = new URL(src).host;
  let timer: NodeJS.Timeout | undefined;
  try {
    if (silentHosts.has(host)) throw new Error(`${host} did not answer earlier in this build`);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        silentHosts.add(host);
        reject(new Error(`no answer in ${REMOTE_TIMEOUT_MS} ms`));
      }, REMOTE_TIMEOUT_MS);
    });
    const read = isUpload(src) ? uploadSize(src) : inferRemoteSize(src);
    const { width, height } = await Promise.race([read, timeout]);
    return width && height ? { src, width, height } : null;
  } catch (error) {
    console.warn(`picture ${src} left out: ${String(error)}`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an address is an upload on the API the site is built from. */
const isUpload = (src: string) => src.startsWith(uploadsUrl());

/** An uploaded picture (a path under /uploads, as the API gives it); see remoteImage. */
export function remotePicture(path: string | null | undefined): Promise<RemotePicture | null> {
  const src = fileUrl(path);
  return src ? remoteImage(src) : Promise.resolve(null);
}
