import type { ResourceProps } from 'react-admin';

/**
 * What a resource's folder gives the back office (`admin/src/<resource>/index.ts`, as in
 * react-admin's demo): its screens, loaded lazily, its menu icon and how a record is named.
 * App.tsx registers every resource of the shared registry with these.
 */
export type ResourceScreens = Pick<
  ResourceProps,
  'list' | 'create' | 'edit' | 'show' | 'icon' | 'recordRepresentation'
>;
