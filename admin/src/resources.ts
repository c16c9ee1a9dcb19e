import type { Resource } from '@conveyor/shared';
import attributes from './attributes/index.ts';
import categories from './categories/index.ts';
import clients from './clients/index.ts';
import documents from './documents/index.ts';
import leads from './leads/index.ts';
import media from './media/index.ts';
import products from './products/index.ts';
import project from './project/index.ts';
import type { ResourceScreens } from './screens/resourceScreens.ts';
import suppliers from './suppliers/index.ts';
import testimonials from './testimonials/index.ts';
import users from './users/index.ts';

/**
 * The back office's side of the shared resource registry: every resource's folder. Typed by
 * the registry, so a resource added there without a folder here fails the type check.
 */
export const resourceScreens: Record<Resource, ResourceScreens> = {
  users,
  categories,
  products,
  attributes,
  media,
  documents,
  project,
  leads,
  testimonials,
  clients,
  suppliers,
};
