import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new empty database on the PostgreSQL server of `adminUrl`, named `<prefix>_<pid>_<random>`
 * so that runs and suites never share one: its address, and `drop()`, which removes it (ending
 * whatever connections are still open on it) and closes the admin connection.
 */
export async function freshDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
