import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { ensureAdmin } from '../server/src/seed/admin';
import { seedDemo } from '../server/src/seed/demo';
import { BENCH_ADMIN } from './lib/server-process';

/**
 * Before the server process starts: the demo chain plus `count` guest requests
 * (two lines each, spread over both hotels, all statuses, the last 90 days),
 * inserted with SQL because 100,000 AddRequest calls would take the whole budget.
 */
export async function seedRequests(target: { databaseUrl?: string; dataDir: string }, count: number): Promise<void> {
  const database = await openDatabase(target);
  const db = database.db;
  try {
    await ensureAdmin(db, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await seedDemo(db);
    if (count <= 0) return;
    await db.execute(sql`
      with h as (select array_agg(id order by id) ids from hotels),
           svc as (select array_agg(id order by id) ids, array_agg(department_id order by id) deps from services where not is_special),
           r as (select hotel_id, array_agg(id order by id) ids from rooms group by hotel_id)
      insert into requests (id, request_code, hotel_id, room_id, cust_name, cust_email, cust_phone, status, created_at, updated_at)
      select gen_random_uuid(), 'B-' || lpad(g::text, 7, '0'), hh.hotel_id, hh.ids[1 + (g % array_length(hh.ids, 1))],
             'Guest ' || g, 'guest' || g || '@example.com', '+966 55 ' || lpad((g % 10000000)::text, 7, '0'),
             (array['Open','In Progress','Completed','Rejected'])[1 + g % 4],
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${count}) g
      cross join h
      join lateral (select hotel_id, ids from r where r.hotel_id = h.ids[1 + g % array_length(h.ids, 1)]) hh on true`);
    await db.execute(sql`
      with svc as (select array_agg(id order by id) ids, array_agg(department_id order by id) deps from services where not is_special)
      insert into request_lines (request_id, service_id, department_id, status, note, created_at, updated_at)
      select q.id, svc.ids[1 + (q.n + k) % array_length(svc.ids, 1)], svc.deps[1 + (q.n + k) % array_length(svc.ids, 1)],
             case q.status when 'Open' then 'Open' when 'Rejected' then 'Rejected' when 'Completed' then 'Completed' else (array['Assigned','Completed'])[1 + k] end,
             '', q.created_at, q.updated_at
      from (select id, status, created_at, updated_at, row_number() over () n from requests where request_code like 'B-%') q
      cross join svc cross join generate_series(0, 1) k`);
    // Flushes the trigram indexes' pending entries and gives the planner fresh statistics.
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}
