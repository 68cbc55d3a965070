import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { Config } from './config';
import { createContext } from './context';
import { openDatabase } from './db/client';
import { ensureAdmin } from './seed/admin';
import { seedDemo } from './seed/demo';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  generatedPassword?: string;
  close(): Promise<void>;
}

/** Opens the database (migrating it), seeds, builds the app and listens. Used by main.ts and the tests. */
export async function startServer(config: Config, options: BuildOptions = {}): Promise<RunningServer> {
  const database = await openDatabase(config);
  const ctx = await createContext(config, database);
  const { generatedPassword } = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  if (config.demo) await seedDemo(database.db);
  const app = await buildApp(ctx, options);
  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    generatedPassword,
    close: () =>
      (closing ??= (async () => {
        // Stop taking requests, finish the ones in flight, then close the database.
        await app.close();
        await ctx.events.close();
        await database.close();
      })()),
  };
}
