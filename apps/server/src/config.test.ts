import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@castline/shared';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      seedDemo: true,
      mailboxOpen: false,
    });
  });

  it('lists every invalid variable under the spec message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', AUTH_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect((error as ConfigError).message.startsWith(APP_MESSAGES.missingEnv)).toBe(true);
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'SEED_DEMO', 'AUTH_SECRET']),
    );
  });

  it('needs AUTH_SECRET in production on a shared database', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/castline' }),
    ).toThrow(/AUTH_SECRET/);
  });

  it('refuses MAILBOX_OPEN in production, where the mailbox is never served', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MAILBOX_OPEN: 'true' })).toThrow(
      /MAILBOX_OPEN: the mailbox is never served in production/,
    );
    expect(loadConfig({ NODE_ENV: 'development', MAILBOX_OPEN: 'true' }).mailboxOpen).toBe(true);
  });

  it('reads the PostgreSQL pool size and statement timeout, within their limits', () => {
    expect(loadConfig({}).databasePool).toEqual({ max: 10, statementTimeoutMs: 15_000 });
    expect(
      loadConfig({ DATABASE_POOL_MAX: '40', DATABASE_STATEMENT_TIMEOUT_MS: '5000' }).databasePool,
    ).toEqual({ max: 40, statementTimeoutMs: 5000 });
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(
      /DATABASE_POOL_MAX: must be a whole number from 1 to 200/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: must be milliseconds from 100 to 600000/,
    );
  });

  it("reads how long guests' rendered pages are kept, 0 to 300 seconds", () => {
    expect(loadConfig({}).pageCacheSeconds).toBe(5);
    expect(loadConfig({ PAGE_CACHE_SECONDS: '0' }).pageCacheSeconds).toBe(0);
    expect(loadConfig({ PAGE_CACHE_SECONDS: '60' }).pageCacheSeconds).toBe(60);
    for (const value of ['-1', '301', '2.5', 'briefly']) {
      expect(() => loadConfig({ PAGE_CACHE_SECONDS: value }), value).toThrow(
        /PAGE_CACHE_SECONDS: must be whole seconds from 0 to 300/,
      );
    }
  });

  it('derives the public URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://castline.example/' }).publicUrl).toBe(
      'https://castline.example',
    );
  });

  it('reads an optional metrics token of at least 16 characters', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-token-0123456789' }).metricsToken).toBe(
      'scrape-token-0123456789',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  describe('file storage', () => {
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'castline-media',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example-key',
    };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.map((p) => p.split(':')[0]);
      }
      throw new Error('the configuration was accepted');
    };

    it('keeps files in DATA_DIR/files by default', () => {
      expect(loadConfig({}).storage).toEqual({ driver: 'local' });
      expect(loadConfig({ STORAGE_DRIVER: 'local', S3_BUCKET: 'ignored' }).storage).toEqual({
        driver: 'local',
      });
    });

    it('reads an S3-compatible bucket with its defaults', () => {
      expect(loadConfig(s3).storage).toEqual({
        driver: 's3',
        bucket: 'castline-media',
        region: 'us-east-1',
        endpoint: undefined,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-example-key',
        forcePathStyle: false,
        prefix: '',
      });
      expect(
        loadConfig({
          ...s3,
          S3_REGION: 'auto',
          S3_ENDPOINT: 'http://127.0.0.1:9000/',
          S3_FORCE_PATH_STYLE: 'true',
          S3_PREFIX: 'castline/prod/',
        }).storage,
      ).toMatchObject({
        region: 'auto',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        prefix: 'castline/prod/',
      });
      expect(loadConfig({ ...s3, S3_PREFIX: 'uploads' }).storage).toMatchObject({ prefix: 'uploads/' });
    });

    it('needs a bucket and credentials for s3, listed with every other problem', () => {
      expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual([
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]);
      expect(
        problemsOf({ STORAGE_DRIVER: 's3', PORT: 'x', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
      ).toEqual(expect.arrayContaining(['PORT', 'S3_BUCKET']));
    });

    it('refuses malformed storage settings', () => {
      expect(problemsOf({ STORAGE_DRIVER: 'gcs' })).toEqual(['STORAGE_DRIVER']);
      expect(problemsOf({ ...s3, S3_BUCKET: 'Not_A_Bucket' })).toEqual(['S3_BUCKET']);
      expect(problemsOf({ ...s3, S3_ENDPOINT: 'ftp://minio.local' })).toEqual(['S3_ENDPOINT']);
      expect(problemsOf({ ...s3, S3_PREFIX: 'a/../b' })).toEqual(['S3_PREFIX']);
      expect(problemsOf({ ...s3, S3_PREFIX: '/absolute' })).toEqual(['S3_PREFIX']);
      expect(problemsOf({ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' })).toEqual(['S3_FORCE_PATH_STYLE']);
      expect(problemsOf({ ...s3, S3_REGION: 'US East' })).toEqual(['S3_REGION']);
    });
  });
});
