import { ConfigError, loadConfig } from './config.js';
import { createRuntime } from './runtime.js';
import { DEMO_PASSWORD } from './seed/demo-seed.js';

/**
 * Started by `npm start` (scripts/start.mjs) while the web app is still being built: the database is
 * migrated and seeded meanwhile, and the app is built once the start script says the web app is
 * ready. Started any other way, nothing is awaited.
 */
function webBuildFinished(): Promise<void> | undefined {
  if (!process.argv.includes('--after-web-build') || !process.send) return undefined;
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (message !== 'web-built') return;
      process.off('message', listen);
      process.channel?.unref();
      resolve();
    };
    process.on('message', listen);
  });
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const runtime = await createRuntime(config, { webBuilt: webBuildFinished() });
  const { app, logger } = runtime;

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    runtime
      .close()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    `Castline is running at ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}`,
    `  database: ${runtime.database.engine}${config.databaseUrl ? '' : ` (${config.dataDir}/pglite)`}`,
    `  mail: ${config.smtpUrl ? 'SMTP' : config.env === 'production' ? 'outbox, printed to this log (set SMTP_URL to send it)' : `outbox, readable at ${config.publicUrl}/dev/mailbox`}`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  const demo = runtime.seed?.users ?? [];
  if (demo.length > 0) {
    lines.push(`  demo members (password for all: ${DEMO_PASSWORD}):`);
    for (const user of demo.filter((u) => u.highlight))
      lines.push(`    ${user.email.padEnd(30)} ${user.highlight}`);
    lines.push(`    …and ${demo.length - demo.filter((u) => u.highlight).length} more members`);
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('Castline failed to start:', error);
  process.exit(1);
});
