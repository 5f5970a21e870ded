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

  it('derives the public URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://castline.example/' }).publicUrl).toBe(
      'https://castline.example',
    );
  });
});
