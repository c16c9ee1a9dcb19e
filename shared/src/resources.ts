/** Every resource of the API, by its one name (URL, table, admin folder, i18n key). */
export const RESOURCES = [
  'users',
  'categories',
  'products',
  'media',
  'project',
  'leads',
  'testimonials',
  'clients',
  'suppliers',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** Readable anonymously (active records only); a change to them republishes the site. */
export const PUBLIC_RESOURCES = [
  'categories',
  'products',
  'media',
  'project',
  'testimonials',
  'clients',
] as const satisfies readonly Resource[];
export type PublicResource = (typeof PUBLIC_RESOURCES)[number];

/** Hold personal data: staff only, except the anonymous POST of the public forms. */
export const PRIVATE_RESOURCES = [
  'users',
  'leads',
  'suppliers',
] as const satisfies readonly Resource[];

/** Resources whose create and update also take multipart, and the file fields they accept. */
export const UPLOAD_FIELDS = {
  users: { single: 'avatar' },
  categories: { single: 'image' },
  products: { single: 'image', multiple: 'images' },
  clients: { single: 'image' },
} as const satisfies Partial<Record<Resource, { single: string; multiple?: string }>>;
export type UploadResource = keyof typeof UPLOAD_FIELDS;

export function isPublicResource(resource: string): resource is PublicResource {
  return (PUBLIC_RESOURCES as readonly string[]).includes(resource);
}
