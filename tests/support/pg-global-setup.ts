import type { TestProject } from 'vitest/node';
import { type Cluster, findPgBin, startCluster } from './postgres';

/** Gives the PostgreSQL test project a server: DATABASE_URL if given, else a throwaway cluster. */
let cluster: Cluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  let url = process.env.DATABASE_URL;
  if (!url) {
    if (!findPgBin()) {
      console.warn('PostgreSQL tests skipped: no DATABASE_URL and no PostgreSQL binaries');
      project.provide('pgUrl', '');
      return;
    }
    cluster = await startCluster();
    url = cluster.url;
  }
  project.provide('pgUrl', url);
}

export async function teardown(): Promise<void> {
  cluster?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
