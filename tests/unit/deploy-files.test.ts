import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/*
 * No Docker engine runs where the tests run: these checks hold the deployment files
 * to what matters for a clean stop and a safe run (docs/operations.md).
 */
describe('Dockerfile', () => {
  const lines = readFileSync('Dockerfile', 'utf8').split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  const runtime = lines.slice(lines.findLastIndex((l) => l.startsWith('FROM ')));

  it('builds in one stage and runs the built server as a non-root user in another, node as the command', () => {
    expect(lines.filter((l) => l.startsWith('FROM ')).map((l) => l.split(/\s+/).at(-1))).toEqual(['build', 'runtime']);
    expect(lines).toContain('RUN npm run build');
    expect(runtime.some((l) => /npm ci --omit=dev/.test(l))).toBe(true);
    expect(runtime).toContain('USER node');
    expect(runtime.at(-1)).toBe('CMD ["node", "dist-server/main.js"]');
    expect(runtime.join('\n')).not.toMatch(/tsx|npm start/);
  });

  it('checks /api/health', () => {
    expect(runtime.join('\n')).toMatch(/HEALTHCHECK [^\n]*\\\n\s*CMD [^\n]*\/api\/health/);
  });
});

describe('compose.yaml', () => {
  const compose = parse(readFileSync('compose.yaml', 'utf8')) as { services: Record<string, Record<string, any>>; volumes: Record<string, unknown> };

  it('runs the server beside PostgreSQL, both on volumes, the server only once the database is healthy', () => {
    const { server, db } = compose.services;
    expect(server.build).toBe('.');
    expect(server.environment.DATABASE_URL).toMatch(/@db:5432\//);
    expect(server.depends_on.db.condition).toBe('service_healthy');
    expect(db.volumes[0]).toMatch(/^db-data:/);
    expect(server.volumes[0]).toMatch(/^server-data:\/var\/lib\/hotel$/);
    expect(Object.keys(compose.volumes).sort()).toEqual(['db-data', 'server-data']);
  });

  it('stops cleanly: SIGTERM to the server with an init and more than its 10 s, PostgreSQL\'s fast shutdown', () => {
    const { server, db } = compose.services;
    expect(server.init).toBe(true);
    expect(server.stop_signal).toBe('SIGTERM');
    expect(parseInt(server.stop_grace_period)).toBeGreaterThan(10);
    expect(db.stop_signal).toBe('SIGINT');
    expect(db.stop_grace_period).toBeDefined();
  });
});
