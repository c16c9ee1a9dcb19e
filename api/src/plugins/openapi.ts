import type { Resource } from '@conveyor/shared';
import type { FastifySchema, RouteOptions } from 'fastify';
import type { Access } from './auth.ts';

// What the OpenAPI document says of each operation beyond its schema: a stable, readable
// `operationId` (what generated clients name their methods after) and its `security`.

/**
 * Each registry resource's names, one and many: `getProduct`, `listProducts`. A resource added
 * to the registry must be named here (the type says so), and its routes are then named like
 * every other resource's.
 */
const NOUNS: Record<Resource, readonly [one: string, many: string]> = {
  users: ['User', 'Users'],
  categories: ['Category', 'Categories'],
  products: ['Product', 'Products'],
  attributes: ['Attribute', 'Attributes'],
  media: ['Media', 'Media'],
  documents: ['Document', 'Documents'],
  project: ['Project', 'Projects'],
  leads: ['Lead', 'Leads'],
  suppliers: ['Supplier', 'Suppliers'],
  testimonials: ['Testimonial', 'Testimonials'],
  clients: ['Client', 'Clients'],
};

/**
 * The routes every resource of the registry has (those of its kind): the path after
 * `/api/<resource>`, by method, and the name made from the resource's nouns.
 */
const RESOURCE_OPERATIONS: Record<string, (one: string, many: string) => string> = {
  'GET ': (_, many) => `list${many}`,
  'POST ': (one) => `create${one}`,
  'GET /{id}': (one) => `get${one}`,
  'PUT /{id}': (one) => `update${one}`,
  'DELETE /{id}': (one) => `delete${one}`,
  'GET /export': (_, many) => `export${many}`,
  'POST /import': (_, many) => `import${many}`,
  'GET /{id}/schedule': (one) => `get${one}Schedule`,
  'PUT /{id}/schedule': (one) => `update${one}Schedule`,
  'DELETE /{id}/schedule': (one) => `delete${one}Schedule`,
  'GET /drafts': (one) => `list${one}Drafts`,
  'GET /{id}/draft': (one) => `get${one}Draft`,
  'PUT /{id}/draft': (one) => `update${one}Draft`,
  'DELETE /{id}/draft': (one) => `delete${one}Draft`,
  'POST /{id}/draft/publish': (one) => `publish${one}Draft`,
  'POST /{id}/preview': (one) => `preview${one}`,
  'GET /{id}/revisions': (one) => `list${one}Revisions`,
  'POST /{id}/revisions/{revision}/restore': (one) => `restore${one}Revision`,
  'GET /{id}/notes': (one) => `list${one}Notes`,
  'POST /{id}/notes': (one) => `create${one}Note`,
  'DELETE /{id}/notes/{noteId}': (one) => `delete${one}Note`,
  'GET /{id}/deliveries': (one) => `list${one}Deliveries`,
};

/** Every other route, by hand. A route may also say its own `operationId` in its schema. */
const NAMED: Record<string, string> = {
  'GET /api/health': 'getHealth',
  'POST /api/signin': 'signIn',
  'POST /api/signout': 'signOut',
  'GET /api/me': 'getMe',
  'GET /api/sessions': 'listSessions',
  'DELETE /api/sessions': 'endOtherSessions',
  'DELETE /api/sessions/{id}': 'endSession',
  'GET /api/users/{id}/sessions': 'listUserSessions',
  'DELETE /api/users/{id}/sessions': 'endUserSessions',
  'GET /api/two-factor': 'getTwoFactor',
  'DELETE /api/two-factor': 'disableTwoFactor',
  'POST /api/two-factor/setup': 'setUpTwoFactor',
  'POST /api/two-factor/confirm': 'confirmTwoFactor',
  'POST /api/two-factor/recovery-codes': 'renewRecoveryCodes',
  'DELETE /api/users/{id}/two-factor': 'disableUserTwoFactor',
  'GET /api/activity': 'listActivity',
  'GET /api/settings': 'getSettings',
  'PUT /api/settings': 'updateSettings',
  'GET /api/settings/draft': 'getSettingsDraft',
  'PUT /api/settings/draft': 'updateSettingsDraft',
  'DELETE /api/settings/draft': 'deleteSettingsDraft',
  'POST /api/settings/draft/publish': 'publishSettingsDraft',
  'POST /api/settings/preview': 'previewSettings',
  'GET /api/settings/revisions': 'listSettingsRevisions',
  'POST /api/settings/revisions/{revision}/restore': 'restoreSettingsRevision',
  'GET /api/publishing': 'getPublishing',
  'POST /api/publishing/rebuild': 'rebuildSite',
  'POST /api/publishing/hook': 'receiveRebuildHook',
  'POST /api/publishing/releases/{release}/live': 'makeReleaseLive',
  'GET /api/notifications/settings': 'getNotificationSettings',
  'PUT /api/notifications/settings': 'updateNotificationSettings',
  'GET /api/notifications/status': 'getNotificationStatus',
  'POST /api/notifications/test': 'sendTestNotification',
  'POST /api/notifications/deliveries/{id}/retry': 'retryDelivery',
  'GET /api/backups': 'listBackups',
  'POST /api/backups': 'createBackup',
  'GET /api/backups/{name}': 'downloadBackup',
  'GET /api/trash': 'listTrash',
  'GET /api/trash/{id}': 'getTrashItem',
  'DELETE /api/trash/{id}': 'deleteTrashItem',
  'POST /api/trash/{id}/restore': 'restoreTrashItem',
  'GET /api/schedules': 'listSchedules',
  'POST /api/telegram/webhook': 'receiveTelegramUpdate',
  'GET /api/leads/{id}/conversation': 'getLeadConversation',
  'POST /api/leads/{id}/conversation': 'answerLeadConversation',
  'GET /api/leads/{id}/conversation/{message}/file': 'getLeadConversationFile',
};

/** Fastify's `/api/products/:id` as OpenAPI writes it, `/api/products/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The operation's id: its schema's own, or the hand-given name, or the one made for a registry
 * resource's route; undefined for a route nobody named (a test refuses that).
 */
export function operationIdOf(method: string, url: string): string | undefined {
  const path = openApiPath(url);
  const named = NAMED[`${method} ${path}`];
  if (named) return named;
  const match = /^\/api\/([a-z-]+)(\/.*)?$/.exec(path);
  if (!match || !(match[1]! in NOUNS)) return undefined;
  const [one, many] = NOUNS[match[1] as Resource];
  return RESOURCE_OPERATIONS[`${method} ${match[2] ?? ''}`]?.(one, many);
}

/**
 * fastify-swagger's `transform`: each route's schema with its `operationId`, and `security`
 * as its access says (`[]` for public and sign-in routes: a bearer token is not needed there,
 * although a public route still recognises one).
 */
export function describeOperation({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route: RouteOptions;
}): { schema: FastifySchema; url: string } {
  const own = schema as FastifySchema & { operationId?: string; security?: unknown[] };
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  const access: Access = (route.config as { access?: Access } | undefined)?.access ?? 'staff';
  const operationId = own.operationId ?? operationIdOf(method.toUpperCase(), url);
  return {
    url,
    schema: {
      ...schema,
      ...(operationId ? { operationId } : {}),
      security: own.security ?? (access === 'staff' ? [{ bearer: [] }] : []),
    } as FastifySchema,
  };
}
