import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** While this file exists, the e2e server's site builds fail (scripts/e2e/server.ts). */
export const breakBuildMarker = (port: number): string =>
  join(tmpdir(), `conveyor-e2e-${port}-break-build`);

/** Holds the path of the e2e server's site root (releases/, current) while it runs. */
export const siteRootFile = (port: number): string =>
  join(tmpdir(), `conveyor-e2e-${port}-site-root`);
