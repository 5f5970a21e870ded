import path from 'node:path';
import { z } from 'zod';
import { APP_MESSAGES } from '@castline/shared';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const optionalUrl = (protocols: readonly string[], label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a ${label} URL (${protocols.join(' or ')})` },
    );

/** A whole number from `min` to `max`; anything else is refused with `message`. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const S3_PREFIX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*\/?$/;

const EnvShape = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'PostgreSQL'),
  DATABASE_POOL_MAX: wholeNumber(1, 200, 'must be a whole number from 1 to 200').default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000, 'must be milliseconds from 100 to 600000').default(
    15_000,
  ),
  PAGE_CACHE_SECONDS: wholeNumber(0, 300, 'must be whole seconds from 0 to 300').default(5),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'Redis'),
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('castline:'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'SMTP'),
  MAIL_FROM: z.string().trim().min(3).default('Castline <no-reply@castline.local>'),
  MAILBOX_OPEN: booleanFlag(false),
  AUTH_SECRET: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters long',
    }),
  TRUST_PROXY: booleanFlag(false),
  SEED_DEMO: booleanFlag(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: optionalText,
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,32}$/, { message: 'must be a region name such as us-east-1 (R2: auto)' })
    .default('us-east-1'),
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'http(s)'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters long',
    }),
  S3_PREFIX: optionalText.refine((value) => value === undefined || S3_PREFIX_PATTERN.test(value), {
    message: 'must be folder names of letters, digits, _ . - separated by /, such as castline/prod',
  }),
});

/** The bucket rules S3 itself applies (3–63 lower-case letters, digits, dots and hyphens). */
const S3_BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The S3 driver needs a bucket and credentials. It runs even when other variables are wrong
 * (so that start-up lists every problem at once), hence it reads the values defensively.
 */
function checkStorage(env: Record<string, unknown>, context: z.RefinementCtx): void {
  if (env.STORAGE_DRIVER !== 's3') return;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const problem = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  const bucket = text(env.S3_BUCKET);
  if (!bucket) problem('S3_BUCKET', 'required when STORAGE_DRIVER=s3');
  else if (!S3_BUCKET_PATTERN.test(bucket) || bucket.includes('..')) {
    problem('S3_BUCKET', 'must be a bucket name (3–63 lower-case letters, digits, dots and hyphens)');
  }
  if (!text(env.S3_ACCESS_KEY_ID)) problem('S3_ACCESS_KEY_ID', 'required when STORAGE_DRIVER=s3');
  if (!text(env.S3_SECRET_ACCESS_KEY)) problem('S3_SECRET_ACCESS_KEY', 'required when STORAGE_DRIVER=s3');
}

/** Every environment variable the server reads. README's configuration table mirrors this. */
export const EnvSchema = EnvShape.superRefine(checkStorage, { when: () => true });

export type Env = z.infer<typeof EnvSchema>;

/** Where stored files live: a folder under DATA_DIR (default) or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** Custom endpoint (MinIO, R2, …); AWS S3 when undefined. */
      endpoint: string | undefined;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      /** Prepended to every key, ending in '/', or '' for none. */
      prefix: string;
    };

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections this instance keeps at most, and the longest a statement may run. */
  databasePool: { max: number; statementTimeoutMs: number };
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailboxOpen: boolean;
  authSecret: string | undefined;
  trustProxy: boolean;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | undefined;
  /** How long a guest's rendered page is sent again from this instance's cache; 0: never cached. */
  pageCacheSeconds: number;
  storage: StorageConfig;
  /** Bearer token for GET /metrics; /metrics answers 404 when unset. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`${APP_MESSAGES.missingEnv}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once. Throws ConfigError listing every problem. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET && env.DATABASE_URL) {
    throw new ConfigError(['AUTH_SECRET: required in production when DATABASE_URL is set']);
  }
  if (env.NODE_ENV === 'production' && env.MAILBOX_OPEN) {
    throw new ConfigError([
      'MAILBOX_OPEN: the mailbox is never served in production (set SMTP_URL to send mail)',
    ]);
  }
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://${displayHost}:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePool: { max: env.DATABASE_POOL_MAX, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailboxOpen: env.MAILBOX_OPEN,
    authSecret: env.AUTH_SECRET,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    storage: storageConfig(env),
    metricsToken: env.METRICS_TOKEN,
  };
}

function storageConfig(env: Env): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local' };
  // checkStorage has made sure these are present.
  const prefix = env.S3_PREFIX?.replace(/\/+$/, '');
  return {
    driver: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: prefix ? `${prefix}/` : '',
  };
}
