import { dataDirProblem, portProblem } from './preflight';
import { ConfigError, loadConfig } from './config';
import { isLoopbackUrl, lanSuggestions, publicUrlWarning } from './modules/qr/public-url';
import { type RunningServer, startServer } from './server';
import { testClockFromEnv } from './clock';
import { hashCost, PRODUCTION_HASH_COST } from './security/password';
import { startBanner } from './start-banner';

/** The longest a stop may take before the process exits anyway. */
const STOP_LIMIT_MS = 8_000;

/** `npm start`: the server for one hotel PC (PGlite) or one process of a chain (DATABASE_URL). */
async function main(): Promise<void> {
  // Whatever the server writes (database files, secrets) is for its own account only.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      // eslint-disable-next-line no-console -- no logger yet: a bad setting is one plain line before anything starts
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Before the database is opened or an admin made: a taken port or a read-only folder is one clear line.
  const problem = (await portProblem(config.port, config.host)) ?? (config.databaseUrl ? null : dataDirProblem(config.dataDir));
  if (problem) {
    // eslint-disable-next-line no-console -- no logger yet: a taken port or a read-only folder is one plain line
    console.error(problem);
    process.exit(1);
  }
  // Browser tests only (NODE_ENV=test): a clock that starts where the test says, runs at its rate and
  // is moved forward by the test (POST /api/Test/Clock, a route only such a clock has).
  const clock = testClockFromEnv(process.env);
  // Test settings, said before the logger exists (it is made with the database, in startServer).
  // eslint-disable-next-line no-console -- no logger yet (above)
  if (clock) console.warn(`Test clock in use (HOTEL_TEST_CLOCK): the server's time is ${clock.now().toISOString()}; POST /api/Test/Clock moves it on`);
  // eslint-disable-next-line no-console -- no logger yet (above)
  if (hashCost(process.env) !== PRODUCTION_HASH_COST) console.warn('Test password hashing in use (HOTEL_TEST_FAST_HASH): passwords set now are cheap to guess');
  let started: RunningServer | undefined;
  // PGlite's worker thread ended and three tries to start it again failed (the log says why):
  // this process cannot serve again, so it exits and the service manager starts a new one.
  const onDatabaseLost = () => {
    const line = 'the database cannot be opened again in this process: exiting (1) so the service manager starts the server again';
    if (started) started.app.log.fatal(line);
    // eslint-disable-next-line no-console -- lost while starting: the server's logger does not exist yet
    else console.error(line);
    process.exit(1);
  };
  const options = { prettyLogs: process.stdout.isTTY === true, clock, onDatabaseLost };
  // Browser tests only: one process per Playwright worker, its data put back between spec files (testing/).
  const resettable = process.env.NODE_ENV === 'test' && process.env.HOTEL_TEST_RESET === '1';
  const server = (started = resettable
    ? await (await import('./testing/resettable-server')).startResettableServer(process.env, config, options)
    : await startServer(config, options));
  const log = server.app.log;
  // Tests only (NODE_ENV=test): SIGUSR2 ends PGlite's worker thread as a crash would (tests/server/db/pglite-worker.test.ts).
  if (process.env.NODE_ENV === 'test') process.on('SIGUSR2', () => void server.app.ctx.database.pglite?.killWorker());
  const port = Number(new URL(server.url).port);
  const warning = publicUrlWarning(config.publicUrl, config.publicUrlFromEnv, port);
  if (warning) log.warn(warning);
  log.info(`Hotel guest-service server at ${server.url} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite in ' + config.dataDir})`);
  // The first admin's password is printed here once, the only place it appears.
  // eslint-disable-next-line no-console -- the start banner: plain lines for the person at the terminal, not a log record
  console.log(
    startBanner({
      url: server.url,
      publicUrl: config.publicUrlFromEnv && !isLoopbackUrl(config.publicUrl) ? config.publicUrl : undefined,
      lanUrls: lanSuggestions(port),
      adminEmail: config.adminEmail,
      generatedPassword: server.generatedPassword,
      adminPasswordMayBeLost: server.adminNeverSignedIn && !config.adminPassword,
      demo: config.demo,
    }),
  );
  // SIGTERM (service manager, container runtime) or SIGINT (Ctrl-C): stop taking calls,
  // finish those already read, end event streams with a `reconnect` hint, close the
  // database, exit 0. Whatever is still running after STOP_LIMIT_MS is cut off (exit 1),
  // so a stop never takes more than 10 s.
  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal changes nothing: Ctrl-C reaches both a launcher and this process.
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests in flight and closing the database`);
    setTimeout(() => {
      log.error(`still busy ${STOP_LIMIT_MS / 1000} s after ${signal}: stopping now`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    await server.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  // eslint-disable-next-line no-console -- the start failed, maybe before the logger existed: one plain line
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
