/**
 * What a build step (the bundled site builder, the webhook announcer) and the queue that runs it
 * agree on. It sits below both, so neither imports its types from the other.
 */

export interface BuildResult {
  /** 'announced': the rebuild was handed to build hooks; it is built (and counted) elsewhere. */
  status?: 'success' | 'announced';
  pages: number | null;
  release: string | null;
  logTail: string;
  /** The hash of the content the build was made from (siteDataHash), when the runner read it. */
  dataHash?: string | null;
}

/** A failed build: its message and the end of its output. */
export class BuildError extends Error {
  readonly logTail: string;
  constructor(message: string, logTail = '') {
    super(message);
    this.logTail = logTail;
  }
}

/**
 * One build; `signal` aborts when the queue closes (the build should stop, and throw); `full`:
 * render every page, carry nothing over from the live release; `buildId`: its publish_builds
 * row (the webhook announcer's calls are about it).
 */
export type Builder = (
  signal: AbortSignal,
  options?: { full?: boolean; buildId?: number },
) => Promise<BuildResult>;
