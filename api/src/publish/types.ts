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
  /**
   * The build gave way to a newer change once its release was live with its pages: some of its
   * pictures are still to encode, by the next build (the runner asks for one).
   */
  yielded?: boolean;
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
 * row (the webhook announcer's calls are about it); `newer` aborts when a newer change is asked
 * for during the build: a build whose release is live already, its pictures still encoding,
 * stops there and succeeds (the next build goes on with the pictures), so that no edit waits
 * behind picture encoding.
 */
export type Builder = (
  signal: AbortSignal,
  options?: { full?: boolean; buildId?: number; newer?: AbortSignal },
) => Promise<BuildResult>;
