import { errorResponses } from '@conveyor/shared';
import type { FastifyInstance } from 'fastify';
import authPlugin from '../plugins/auth.ts';
import hostileInputPlugin from '../plugins/hostileInput.ts';
import multipartPlugin from '../plugins/multipart.ts';
import publicCachePlugin from '../plugins/publicCache.ts';
import textInputPlugin from '../plugins/textInput.ts';
import activityRoutes from './activity/index.ts';
import attributeRoutes from './attributes/index.ts';
import authRoutes from './auth/index.ts';
import backupRoutes from './backups/index.ts';
import categoryRoutes from './categories/index.ts';
import clientRoutes from './clients/index.ts';
import leadRoutes from './leads/index.ts';
import mediaRoutes from './media/index.ts';
import documentRoutes from './documents/index.ts';
import noteRoutes from './notes/index.ts';
import notificationRoutes from './notifications/index.ts';
import productRoutes from './products/index.ts';
import projectRoutes from './project/index.ts';
import publishingRoutes, { publishingHookRoute, releaseRoutes } from './publishing/index.ts';
import scheduleRoutes from './schedules/index.ts';
import sessionRoutes from './sessions/index.ts';
import settingsRoutes from './settings/index.ts';
import supplierRoutes from './suppliers/index.ts';
import telegramRoutes from './telegram/index.ts';
import testimonialRoutes from './testimonials/index.ts';
import translationRoutes from './translations/index.ts';
import trashRoutes from './trash/index.ts';
import twoFactorRoutes from './twoFactor/index.ts';
import userRoutes from './users/index.ts';

/** Everything under /api: the guard and the body parsers apply here only. */
export default async function apiRoutes(app: FastifyInstance) {
  // filled by each resource's registerCrud, read by the trash and the schedule's job
  app.decorate('crud', new Map());
  await app.register(authPlugin);
  await app.register(multipartPlugin);
  await app.register(hostileInputPlugin);
  await app.register(textInputPlugin);
  await app.register(publicCachePlugin);

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string' }, database: { type: 'string' } },
            required: ['status', 'database'],
          },
          ...errorResponses,
        },
      },
    },
    async () => {
      await app.db.kysely.selectFrom('settings').select('id').limit(1).execute();
      return { status: 'ok', database: app.db.dialect };
    },
  );

  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(twoFactorRoutes);
  await app.register(activityRoutes);
  await app.register(userRoutes);
  await app.register(categoryRoutes);
  await app.register(attributeRoutes);
  await app.register(productRoutes);
  await app.register(mediaRoutes);
  await app.register(documentRoutes);
  await app.register(projectRoutes);
  await app.register(leadRoutes);
  await app.register(supplierRoutes);
  await app.register(noteRoutes);
  await app.register(telegramRoutes);
  await app.register(testimonialRoutes);
  await app.register(clientRoutes);
  await app.register(settingsRoutes);
  await app.register(publishingRoutes);
  await app.register(publishingHookRoute);
  await app.register(releaseRoutes);
  await app.register(notificationRoutes);
  await app.register(backupRoutes);
  await app.register(trashRoutes);
  await app.register(scheduleRoutes);
  await app.register(translationRoutes);
}
