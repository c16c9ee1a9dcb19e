import { isDraftable, isSchedulable, resourceEntry } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import type { Bodies, Crud, ResourceDefinition } from '../../content/definition.ts';
import { registerCreate } from './create.ts';
import { registerDelete } from './delete.ts';
import { registerDrafts } from './drafts.ts';
import { registerExport } from './exports.ts';
import { registerReads } from './reads.ts';
import { registerRevisions } from './revisions.ts';
import { registerSchedule } from './schedule.ts';
import { registerUpdate } from './update.ts';

export type { Reference, ResourceDefinition, WriteContext } from '../../content/definition.ts';
export { columnValues } from '../../content/values.ts';

/** The routes of a resource, from its definition and its entry in the shared registry. */
export function registerCrud<T extends { id: number }, B extends Bodies>(
  app: FastifyInstance,
  definition: ResourceDefinition<T, B>,
): void {
  // The hooks are typed with the resource's own record and bodies for whoever writes them; the
  // shared routes hand them the records of the same repository and the bodies its schemas
  // validated, seen only as fields known at run time.
  const def = { ...resourceEntry(definition.name), ...definition } as unknown as Crud;
  app.crud.set(def.name, def);
  registerReads(app, def);
  registerExport(app, def);
  registerCreate(app, def);
  registerUpdate(app, def);
  registerDelete(app, def);
  if (isSchedulable(def.name)) registerSchedule(app, def);
  if (isDraftable(def.name)) registerDrafts(app, def);
  if (def.publishes) registerRevisions(app, def);
}
