import { rmSync } from 'node:fs';
import { spawnServer } from '../../support/server-process';
import { demoServerEnv } from './server';

/**
 * Once per browser run: a data folder with the demo chain already migrated and seeded. A spec's demo
 * server starts from a copy of it (startE2EServer) instead of initdb, every migration and the demo seed
 * again, about 10 of its 16 CPU-seconds. The folder goes with the run.
 */
export default async function globalSetup(): Promise<() => void> {
  const server = await spawnServer(demoServerEnv({ demo: true }), { useBuild: true, keepDataDir: true });
  await server.stop();
  process.env.HOTEL_E2E_DEMO_TEMPLATE = server.dataDir;
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
