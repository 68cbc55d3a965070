import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';
import { type Cluster, findPgBin, startCluster } from './postgres';

/** Gives the PostgreSQL test project a server: DATABASE_URL if given, else a throwaway cluster. */
let cluster: Cluster | undefined;
let template: { base: string; name: string } | undefined;

/**
 * A migrated, empty database made once per run: each test server's database is a copy
 * (CREATE DATABASE … TEMPLATE), instead of template0 and every migration again.
 */
async function makeTemplate(base: string): Promise<string> {
  const name = `hotel_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name} template template0 lc_ctype 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-pg-template-'));
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
    await database.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  template = { base, name };
  return name;
}

export async function setup(project: TestProject): Promise<void> {
  let url = process.env.DATABASE_URL;
  if (!url) {
    if (!findPgBin()) {
      console.warn('PostgreSQL tests skipped: no DATABASE_URL and no PostgreSQL binaries');
      project.provide('pgUrl', '');
      project.provide('pgTemplate', '');
      return;
    }
    cluster = await startCluster();
    url = cluster.url;
  }
  project.provide('pgUrl', url);
  project.provide('pgTemplate', await makeTemplate(url));
}

export async function teardown(): Promise<void> {
  if (template && !cluster) {
    const admin = new pg.Client({ connectionString: template.base });
    await admin.connect();
    await admin.query(`drop database if exists ${template.name}`).catch(() => undefined);
    await admin.end();
  }
  cluster?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** The migrated database each test database is copied from ('' without PostgreSQL). */
    pgTemplate: string;
  }
}
