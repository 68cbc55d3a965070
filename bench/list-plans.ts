import pg from 'pg';
import { DEFAULT_LIST_COUNT_MAX } from '../shared/api/list-headers';
import * as dashboard from '../server/src/modules/dashboard/dashboard.repository';
import { staysOfRequests } from '../server/src/modules/integrations/stays/stays.repository';
import { serviceNamesOf } from '../server/src/modules/basic-data/service-names.repository';
import { listLines, listRequests } from '../server/src/modules/requests/lists.repository';
import type { Scope } from '../server/src/access/scope';
import { type Statement, recordingDb } from './lib/record-sql';

/**
 * The database work of the staff lists, Home's figures and search, as the server runs it:
 * the repository functions are called on a Drizzle that records each statement, and each
 * statement is then run under EXPLAIN (ANALYZE, BUFFERS) RUNS times. Prints, per call, the
 * median execution and planning time of its statements and the shared buffers they touch.
 *
 *   DATABASE_URL=postgres://…/scale_1m npx tsx bench/list-plans.ts [--plans] [filter]
 */
const RUNS = Number(process.env.PLAN_RUNS ?? 20);
/** Where the lists stop counting (the server's HOTEL_LIST_COUNT_MAX); PLAN_COUNT_MAX=0 counts every row, as before the cap. */
const COUNT_MAX = Number(process.env.PLAN_COUNT_MAX ?? DEFAULT_LIST_COUNT_MAX);
const showPlans = process.argv.includes('--plans');
const only = process.argv.slice(2).find((a) => !a.startsWith('--'));

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const { db, record } = recordingDb(pool);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface PlanNode {
  'Node Type': string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

async function measure(statements: Statement[]) {
  let execution = 0;
  let planning = 0;
  let buffers = 0;
  const plans: string[] = [];
  const each: string[] = [];
  for (const statement of statements) {
    const exec: number[] = [];
    const plan: number[] = [];
    let blocks = 0;
    for (let i = 0; i < RUNS; i++) {
      const { rows } = await pool.query(`explain (analyze, buffers, format json) ${statement.sql}`, statement.params);
      const [result] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
      exec.push(result['Execution Time']);
      plan.push(result['Planning Time']);
      blocks = (result.Plan['Shared Hit Blocks'] ?? 0) + (result.Plan['Shared Read Blocks'] ?? 0);
    }
    execution += median(exec);
    planning += median(plan);
    buffers += blocks;
    each.push(`${median(exec).toFixed(2)} ms, ${blocks} buffers: ${statement.sql.replace(/\s+/g, ' ').slice(0, 140)}`);
    if (showPlans) {
      const { rows } = await pool.query(`explain (analyze, buffers, costs off) ${statement.sql}`, statement.params);
      plans.push(statement.sql, ...rows.map((r) => `  ${r['QUERY PLAN']}`));
    }
  }
  return { execution, planning, buffers, plans, each };
}

async function main(): Promise<void> {
  const one = async (q: string) => (await pool.query(q)).rows[0];
  const hotels = (await pool.query('select id from hotels order by id')).rows.map((r) => r.id as number);
  const { id: housekeeping } = await one(`select id from departments where department_code = 'HK'`);
  const admin: Scope = { isAdmin: true, hotelIds: [], departmentIds: [housekeeping] };
  const staff: Scope = { isAdmin: false, hotelIds: hotels, departmentIds: [housekeeping] };
  const now = new Date();
  const page = { offset: 0, limit: 20 };
  const en = { lang: 'en' as const, now };
  const search = 'Guest 12345';

  /** A list call: its page (and the names and stays of its rows), then its total. */
  const lines = (scope: Scope, filter: Record<string, string | number>, options: { search?: string } = {}) => async () => {
    const { rows, count } = await listLines(db, scope, filter, { ...en, ...options, page });
    await count!(COUNT_MAX || 2 ** 31 - 2);
    await staysOfRequests(db, [...new Set(rows.map((r) => r.requestId))]);
  };
  const requests = (scope: Scope, filter: Record<string, string | number>, options: { search?: string } = {}) => async () => {
    const { rows, count } = await listRequests(db, scope, filter, { ...en, ...options, page });
    await count!(COUNT_MAX || 2 ** 31 - 2);
    const ids = rows.map((r) => r.id);
    await Promise.all([serviceNamesOf(db, ids, 'en'), staysOfRequests(db, ids)]);
  };
  const home = (scope: Scope) => async () => {
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    await dashboard.openLineCount(db, scope);
    await dashboard.oldestOpenLines(db, scope, 'en', 5);
    await dashboard.completedSince(db, scope, since);
    await dashboard.reviewsSince(db, scope, since);
    await dashboard.overdueByDepartment(db, scope, now, 'en');
  };

  const calls: [string, () => Promise<unknown>][] = [
    ['Services page (admin, default sort)', lines(admin, {})],
    ['Services page (staff, default sort)', lines(staff, {})],
    ['Services: open lines', lines(admin, { open: 'true' })],
    ['Services: waiting', lines(admin, { waiting: 'true' })],
    ['Services: overdue', lines(admin, { overdue: 'true' })],
    ['Services: my queue (staff)', lines(staff, { mine: 'true' })],
    ['Services: status Open, one department', lines(admin, { departmentId: housekeeping, status: 'Open' } as never)],
    ['Services: search', lines(admin, {}, { search })],
    ['Guests Requests page (admin)', requests(admin, {})],
    ['Guests Requests page (staff)', requests(staff, {})],
    ['Guests Requests: open', requests(admin, { open: 'true' })],
    ['Guests Requests: search', requests(admin, {}, { search })],
    ['Guests Requests: search (staff)', requests(staff, {}, { search })],
    // One request at any size: the code of the 42nd newest.
    ['Guests Requests: search a code', requests(admin, {}, { search: 'B-0000042' })],
    ['Home figures (admin)', home(admin)],
    ['Home figures (staff)', home(staff)],
  ];
  console.log('| call | statements | execution ms (median of ' + RUNS + ') | planning ms | shared buffers |');
  console.log('|---|---|---|---|---|');
  const allPlans: string[] = [];
  for (const [name, call] of calls) {
    if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
    const statements = await record(call);
    const m = await measure(statements);
    console.log(`| ${name} | ${statements.length} | ${m.execution.toFixed(2)} | ${m.planning.toFixed(2)} | ${m.buffers} |`);
    if (process.argv.includes('--each')) for (const e of m.each) console.log(`|   ${e.replaceAll('|', '/')} | | | | |`);
    if (showPlans) allPlans.push(`### ${name}`, ...m.plans, '');
  }
  if (showPlans) console.log(allPlans.join('\n'));
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => pool.end());
