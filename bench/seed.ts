import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../server/src/db/client';
import { ensureAdmin } from '../server/src/seed/admin';
import { seedDemo } from '../server/src/seed/demo';
import { BENCH_ADMIN } from './lib/server-process';

/** The newest requests, of every status (about the last 17 hours, one a minute): the live work. */
const LIVE = 1000;
/** One older request in this many was never closed (a forgotten line, long overdue). */
const FORGOTTEN_EVERY = 10_000;

/**
 * Before the server process starts: the demo chain plus `count` guest requests
 * (two lines each, spread over both hotels, one a minute back from now), inserted
 * with SQL because 100,000 AddRequest calls would take the whole budget.
 *
 * Shaped like a hotel's history: the newest LIVE requests are of every status (Open,
 * In Progress, Completed, Rejected in turn); older ones are closed, but for one in
 * FORGOTTEN_EVERY left open. Lines carry their service-level clock (acknowledge within
 * 10 minutes, complete within 45), so the overdue and waiting queues have rows; a
 * completed request in five has a review.
 *
 * Fast enough for 1,000,000 requests: one transaction that writes `search_text` itself
 * (the triggers would look up the request, room, hotel and services for every row), then
 * the two tables' secondary indexes built after the rows are in rather than row by row.
 */
export async function seedRequests(target: { databaseUrl?: string; dataDir: string }, count: number): Promise<void> {
  const database = await openDatabase(target);
  const db = database.db;
  try {
    await ensureAdmin(db, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await seedDemo(db);
    if (count <= 0) return;
    const started = performance.now();
    const phase = (name: string) => process.env.BENCH_SEED_VERBOSE && console.log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const indexes = await db.transaction(async (tx) => {
      await tx.execute(sql`set local hotel.search_text_given = 'on'`);
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      // Without the row-by-row foreign key checks (the rows are made from the ids they name)
      // where the role may: a superuser, as on a bench cluster and in PGlite.
      const [{ superuser }] = rowsOf<{ superuser: boolean }>(await tx.execute(sql`select rolsuper as superuser from pg_roles where rolname = current_user`));
      if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
      const indexes = rowsOf<{ name: string; def: string }>(
        await tx.execute(sql`
          select i.indexname as name, i.indexdef as def from pg_indexes i
          where i.schemaname = current_schema() and i.tablename in ('requests', 'request_lines')
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
      );
      for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));

      await tx.execute(sql`
        create temporary table seed_requests on commit drop as
        with h as (select array_agg(id order by id) ids from hotels),
             svc as (select array_agg(id order by id) ids from services where not is_special),
             r as (select hotel_id, array_agg(id order by id) ids from rooms group by hotel_id)
        select g, gen_random_uuid() as id, hh.hotel_id, hh.ids[1 + (g % array_length(hh.ids, 1))] as room_id,
               'B-' || lpad(g::text, 7, '0') as code, 'Guest ' || g as cust_name,
               '+966 55 ' || lpad((g % 10000000)::text, 7, '0') as cust_phone,
               case when g <= ${LIVE} then (array['Open','In Progress','Completed','Rejected'])[1 + g % 4]
                    when g % ${FORGOTTEN_EVERY} = 0 then 'Open'
                    when g % 10 = 9 then 'Rejected' else 'Completed' end as status,
               now() - (g || ' minutes')::interval as created_at,
               svc.ids[1 + g % array_length(svc.ids, 1)] as service0,
               svc.ids[1 + (g + 1) % array_length(svc.ids, 1)] as service1
        from generate_series(1, ${count}) g
        cross join h cross join svc
        join lateral (select hotel_id, ids from r where r.hotel_id = h.ids[1 + g % array_length(h.ids, 1)]) hh on true`);

      // The text the search triggers would write: hotel_request_base_text, then the service names.
      await tx.execute(sql`
        create temporary table seed_text on commit drop as
        select q.g, concat_ws(' ', q.code, q.cust_name, q.cust_phone, regexp_replace(q.cust_phone, '[^0-9]', '', 'g'), rm.number, h.name || ' ' || h.name_ar) as base,
               s0.name_en || ' ' || s0.name_ar as names0, s1.name_en || ' ' || s1.name_ar as names1,
               least(now(), q.created_at + ((20 + q.g % 40) || ' minutes')::interval) as closed_at
        from seed_requests q join rooms rm on rm.id = q.room_id join hotels h on h.id = q.hotel_id
        join services s0 on s0.id = q.service0 join services s1 on s1.id = q.service1`);

      await tx.execute(sql`
        insert into requests (id, request_code, hotel_id, room_id, cust_name, cust_email, cust_phone, status, rating, reviewed_at, search_text, created_at, updated_at)
        select q.id, q.code, q.hotel_id, q.room_id, q.cust_name, 'guest' || q.g || '@example.com', q.cust_phone, q.status,
               case when q.status = 'Completed' and q.g % 5 = 0 then 1 + q.g % 5 end,
               case when q.status = 'Completed' and q.g % 5 = 0 then t.closed_at end,
               concat_ws(' ', t.base, t.names0, t.names1), q.created_at,
               case when q.status in ('Completed', 'Rejected') then t.closed_at else q.created_at end
        from seed_requests q join seed_text t on t.g = q.g
        order by q.g desc`);
      phase('requests');

      // Line statuses follow the request's: In Progress is one line assigned, one completed.
      await tx.execute(sql`
        insert into request_lines (request_id, hotel_id, service_id, department_id, status, note, search_text, clock_started_at, acknowledge_due_at, complete_due_at,
                                   acknowledged_at, assigned_at, completed_at, rejected_at, created_at, updated_at)
        select q.id, q.hotel_id, s.id, s.department_id, l.status, '', concat_ws(' ', t.base, case k when 0 then t.names0 else t.names1 end),
               q.created_at, q.created_at + interval '10 minutes', q.created_at + interval '45 minutes',
               case when l.status <> 'Open' then least(now(), q.created_at + interval '3 minutes') end,
               case when l.status = 'Assigned' then least(now(), q.created_at + interval '3 minutes') end,
               case when l.status = 'Completed' then t.closed_at end,
               case when l.status = 'Rejected' then t.closed_at end,
               q.created_at,
               case when l.status in ('Completed', 'Rejected') then t.closed_at when l.status = 'Assigned' then least(now(), q.created_at + interval '3 minutes') else q.created_at end
        from seed_requests q join seed_text t on t.g = q.g
        cross join generate_series(0, 1) k
        join services s on s.id = case k when 0 then q.service0 else q.service1 end
        cross join lateral (select case q.status when 'In Progress' then (array['Assigned','Completed'])[1 + k] else q.status end as status) l
        order by q.g desc, k`);
      phase('lines');
      return indexes;
    });

    // The indexes, on two connections at once (PostgreSQL builds each on one core; PGlite
    // takes them in turn): the lines' trigram index, the longest, beside all the others.
    const build = (defs: string[]) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
        for (const def of defs) {
          await tx.execute(sql.raw(def));
          phase(def.replace(/^CREATE INDEX (\S+) .*$/s, '$1'));
        }
      });
    const longest = (i: { name: string }) => i.name === 'request_lines_search_idx';
    await Promise.all([build(indexes.filter(longest).map((i) => i.def)), build(indexes.filter((i) => !longest(i)).map((i) => i.def))]);
    // Gives the planner fresh statistics and sets the visibility map (index-only scans).
    await Promise.all([db.execute(sql`vacuum analyze request_lines`), db.execute(sql`vacuum analyze requests`)]);
    await db.execute(sql`vacuum analyze`);
    phase('vacuum analyze');
  } finally {
    await database.close();
  }
}
