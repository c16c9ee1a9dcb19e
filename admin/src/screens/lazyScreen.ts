import { type ComponentType, lazy } from 'react';

/**
 * A screen that loads with its resource's module when first opened, so the first screen
 * loads only the shell: `lazyScreen(() => import('./UserList.tsx'), 'UserList')`.
 */
export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
