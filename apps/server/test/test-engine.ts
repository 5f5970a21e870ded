/**
 * Which database the server tests run on: PGlite by default, the PostgreSQL server of
 * TEST_DATABASE_URL when CASTLINE_TEST_ENGINE=postgres (npm test runs both when it is set).
 */
export type TestEngine = 'pglite' | 'postgres';

export function testEngine(): TestEngine {
  if (process.env.CASTLINE_TEST_ENGINE === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) {
      throw new Error('CASTLINE_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    }
    return 'postgres';
  }
  return 'pglite';
}

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
