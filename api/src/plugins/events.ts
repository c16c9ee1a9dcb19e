import { EventEmitter } from 'node:events';
import type { Resource } from '@conveyor/shared';
import fp from 'fastify-plugin';

export interface ContentChange {
  resource: Resource | 'settings';
  /** `restore`: back from the trash or to an earlier revision (its trigger says so). */
  action: 'create' | 'update' | 'delete' | 'restore';
  id: number | null;
  /** Who made it: a user name, or the server's part that did ('Scheduler'). */
  by?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Emits `change` with a ContentChange after every committed write of public content. */
    contentEvents: EventEmitter<{ change: [ContentChange] }>;
  }
}

export default fp(
  async (app) => {
    app.decorate('contentEvents', new EventEmitter<{ change: [ContentChange] }>());
  },
  { name: 'events' },
);
