/**
 * The ceilings of the CPU bench: the least a Node server on the same stack (the same fastify
 * package, node-postgres) does for a call, run as its own process so /proc measures it alone.
 * Started by bench/cpu.ts (`node --import tsx bench/lib/ceiling-server.ts`) with
 * CEILING_CONFIG naming a JSON file of `CeilingConfig`; prints "ceiling server at <url>".
 *
 * - GET /memory: the Services page of 20 as the real server answered it once, from memory.
 * - GET /page: the statements the real server sends for that page (recorded from its
 *   repository functions), on one pg Pool, their rows sent as JSON without mapping.
 * - POST /add: a guest's AddRequest body (as the bench sends it) inserted as one request with
 *   its line in one statement: no validation, clocks, routing, live event or webhook.
 *
 * No authentication, no request log, no security headers: all of that is the real server's.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Statement } from './record-sql';

export interface CeilingConfig {
  databaseUrl: string;
  /** The pool's size: the server's (10). */
  poolSize: number;
  /** The body of the real server's answer to the page. */
  pageBody: string;
  /** What the real server sends PostgreSQL for the page, in order. */
  pageStatements: Statement[];
}

const INSERT = `
  with r as (
    insert into requests (request_code, hotel_id, room_id, cust_name, cust_email, cust_phone, note)
    values ($1, $2, $3, $4, $5, $6, $7)
    returning id, hotel_id)
  insert into request_lines (request_id, hotel_id, service_id, department_id, note)
  select r.id, r.hotel_id, s.id, s.department_id, $9 from r join services s on s.id = $8
  returning request_id`;

interface GuestBody {
  custName: string;
  custEmail: string;
  custPhone: string;
  hotelId: number;
  roomId: number;
  note: string;
  services: { serviceId: number; note: string }[];
}

async function main(): Promise<void> {
  const config = JSON.parse(readFileSync(process.env.CEILING_CONFIG!, 'utf8')) as CeilingConfig;
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize });
  const app = Fastify({ logger: false });
  let next = 0;

  app.get('/memory', (_request, reply) => reply.type('application/json; charset=utf-8').send(config.pageBody));
  app.get('/page', async (_request, reply) => {
    const results = [];
    for (const { sql, params } of config.pageStatements) results.push((await pool.query(sql, params)).rows);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(results));
  });
  app.post<{ Body: GuestBody }>('/add', async (request) => {
    const b = request.body;
    const line = b.services[0];
    const code = `C-${process.pid}-${next++}`;
    const { rows } = await pool.query(INSERT, [code, b.hotelId, b.roomId, b.custName, b.custEmail, b.custPhone, b.note, line.serviceId, line.note]);
    return { requestId: rows[0].request_id, requestCode: code };
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`ceiling server at ${url}`);
  const stop = () => void app.close().then(() => pool.end());
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
