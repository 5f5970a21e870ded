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

/** Every environment variable the server reads. README's configuration table mirrors this. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'PostgreSQL'),
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
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://${displayHost}:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
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
  };
}
