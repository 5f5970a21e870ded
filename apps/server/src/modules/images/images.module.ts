import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-context.js';
import { createImageProcessor } from '../../platform/images/image-processor.js';
import { registerImagesRoutes } from './images.routes.js';
import { createImagesService } from './images.service.js';

/** Uploads (`POST /api/uploads/:bucket`) and stored files with their variants (`/files/*`). */
export async function registerImagesModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const images = createImagesService({
    storage: deps.storage,
    processor: createImageProcessor(),
    rateLimiter: deps.rateLimiter,
    logger: app.log,
  });
  await registerImagesRoutes(app, images);
}
