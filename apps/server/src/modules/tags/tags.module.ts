import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { createForumTopicsReader } from '../forum/index.js';
import { createListingsReader } from '../listings/index.js';
import { createTagsRepository } from './tags.repository.js';
import { registerTagsRoutes } from './tags.routes.js';
import { createTagsService } from './tags.service.js';

/** Wires the tag routes (/api/tags, /api/tags/:slug) into the app. */
export async function registerTagsModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const { db } = context.database;
  registerTagsRoutes(
    app,
    createTagsService({
      repository: createTagsRepository(db),
      topics: createForumTopicsReader(db),
      listings: createListingsReader(db),
    }),
  );
}
