import { ConfigError, loadConfig } from './config';
import { startServer } from './server';

/** `npm start`: the server for one hotel PC (PGlite) or one process of a chain (DATABASE_URL). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  const log = server.app.log;
  if (server.generatedPassword) {
    // Printed once, on the first start only: the only place this password appears.
    console.log(
      `\n  Admin account created:\n    e-mail:   ${config.adminEmail}\n    password: ${server.generatedPassword}\n  Keep it safe; it is not shown again.\n`,
    );
  }
  log.info(`Hotel guest-service server at ${server.url} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite in ' + config.dataDir})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests in flight and closing the database`);
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    await server.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
