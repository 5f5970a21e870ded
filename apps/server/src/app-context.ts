import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { ServerEvents } from './domain-events.js';
import type { EventBus } from './platform/bus/event-bus.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { RateLimiter } from './platform/rate-limit/rate-limiter.js';
import type { FileStorage } from './platform/storage/file-storage.js';
import type { RealtimePublisher } from './platform/realtime/realtime-publisher.js';

/** What buildApp is given: the engines main.ts (or a test) opened. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storage: FileStorage;
  authSecret: string;
  /** Where the API's per-address limit counts (memory when not given); see runtime.ts. */
  redis?: Redis | undefined;
  /** Realtime fan-out between instances: Redis pub/sub when REDIS_URL is set, else in-process. */
  bus?: EventBus | undefined;
  /** A ready logger (pino) shared with the platform drivers; tests may pass their own. */
  logger?: FastifyBaseLogger;
  /** Logger options used when no logger instance is given. */
  loggerOptions?: FastifyServerOptions['logger'];
  /** How often each instance reads its sockets' sessions again (default 30 s; tests shorten it). */
  realtimeSessionCheckMs?: number | undefined;
  /** How often each socket is pinged and checked for silence (PRESENCE.heartbeatMs; tests shorten it). */
  realtimeHeartbeatMs?: number | undefined;
  /** How often each instance looks for due jobs in the job queue (default 5 s). */
  jobPollIntervalMs?: number | undefined;
}

/** What feature modules receive: the app's engines, the realtime publisher and the domain events. */
export interface AppContext extends AppDeps {
  bus: EventBus;
  realtime: RealtimePublisher;
  /** Where writers say what happened; src/subscriptions.ts subscribes the listeners. */
  events: ServerEvents;
  /**
   * The durable job queue (platform/jobs, decision 0018): modules register their handlers while
   * they are registered; polling starts once the app is ready and stops when it closes.
   */
  jobs: JobQueue;
}
