import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, type AssignmentHistory, type RoutingStep } from '@shared';
import { StatusHistory } from '../../../renderer/src/features/service-management/StatusHistory';
import { i18next } from '../../../renderer/src/i18n';
import { sessionAtom, store } from '../../../renderer/src/session/session';
import { fakeServer } from '../support/fake-http';
import { renderInApp } from '../render-app';

// The line card's status history shows every routing decision the server wrote for the
// line (which rule, which worker, why; or why nobody; re-offers; the desk), in order with
// the people's steps, without repeating a routed assignment as one "by" nobody.

const HISTORY = 'GET /api/Request/GetServiceAssignmentDetails/7';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
beforeEach(() => store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...ALL_CLAIMS], userRoles: [], userName: 'Mona', userEmail: 'm@x.demo' }));
afterEach(async () => {
  cleanup();
  store.set(sessionAtom, undefined);
  await i18next.changeLanguage('en');
});

const step = (over: Partial<RoutingStep>): RoutingStep => ({ at: '2026-01-01T10:00:00Z', outcome: 'assigned', reason: 'load', ruleId: 3, workerName: null, departmentName: 'Housekeeping', text: '', ...over });
const history = (over: Partial<AssignmentHistory>): AssignmentHistory => ({
  createdAt: '2026-01-01T10:00:00Z', user_AssignedToDepartment: null, assignedToDepartment_Date: null, departmentName: 'Housekeeping', user_Assigned: null, assigned_Date: null,
  workerName: null, worker_Accepted: null, accepted_Date: null, worker_Started: null, started_Date: null, user_Completed: null, completed_Date: null, user_Rejected: null,
  rejected_Date: null, rejectReason: null, ...over,
});
const items = () => within(screen.getByTestId('status-history')).getAllByRole('listitem');

describe("the line card's routing history", { timeout: 30_000 }, () => {
  it('lists each routing decision in order: a wait and why, the worker and why, a re-offer, the accept; the routed assignment is not repeated as "by" nobody', async () => {
    fakeServer({
      [HISTORY]: {
        data: history({
          assigned_Date: '2026-01-01T10:05:00Z', workerName: 'Nora', worker_Accepted: 'Nora', accepted_Date: '2026-01-01T10:06:00Z',
          routing: [
            step({ at: '2026-01-01T10:00:01Z', outcome: 'waiting', reason: 'nobody-on-shift', text: 'Waiting: nobody of Housekeeping is on shift' }),
            step({ at: '2026-01-01T10:02:00Z', workerName: 'Huda', text: 'Given to Huda by rule 3: covers zone East, 0 open tasks', reason: 'zone' }),
            step({ at: '2026-01-01T10:05:00Z', outcome: 'reoffered', workerName: 'Nora', text: 'Not accepted in time: offered to Nora by rule 3 (1 open tasks)' }),
          ],
        }),
      },
    });
    renderInApp(<StatusHistory lineId={7} />);
    await screen.findByText('Accepted by Nora');
    expect(items()).toHaveLength(5);
    const texts = items().map((li) => li.textContent ?? '');
    expect(texts[0]).toMatch(/^Received/);
    expect(texts[1]).toMatch(/^Routing: Waiting: nobody of Housekeeping is on shift/);
    expect(texts[2]).toMatch(/^Routing: Given to Huda by rule 3: covers zone East, 0 open tasks/);
    expect(texts[3]).toMatch(/^Routing: Not accepted in time: offered to Nora by rule 3/);
    expect(texts[4]).toMatch(/^Accepted by Nora/);
    expect(screen.queryByText(/Assigned to Nora by/)).toBeNull();
    expect(items().filter((li) => li.hasAttribute('data-routing'))).toHaveLength(3);
  });

  it('shows an escalation to the desk and a Special Request sent by its rule; a person’s assignment after it still names the person', async () => {
    fakeServer({
      [HISTORY]: {
        data: history({
          user_AssignedToDepartment: null, assignedToDepartment_Date: '2026-01-01T10:00:02Z', user_Assigned: 'Mona', assigned_Date: '2026-01-01T10:20:00Z', workerName: 'Huda',
          routing: [
            step({ at: '2026-01-01T10:00:02Z', outcome: 'department', reason: 'rule-department', text: 'Sent to Housekeeping by rule 3' }),
            step({ at: '2026-01-01T10:01:00Z', workerName: 'Nora', text: 'Given to Nora by rule 3: fewest open tasks (0)' }),
            step({ at: '2026-01-01T10:10:00Z', outcome: 'escalated', reason: 'not-accepted', text: 'Not accepted after 3 offers: sent to the desk' }),
          ],
        }),
      },
    });
    renderInApp(<StatusHistory lineId={7} />);
    await screen.findByText('Routing: Not accepted after 3 offers: sent to the desk');
    const texts = items().map((li) => li.textContent ?? '');
    expect(texts.filter((x) => x.startsWith('Sent to'))).toHaveLength(0);
    expect(texts[1]).toMatch(/^Routing: Sent to Housekeeping by rule 3/);
    expect(texts[3]).toMatch(/^Routing: Not accepted after 3 offers: sent to the desk/);
    expect(texts[4]).toMatch(/^Assigned to Huda by Mona/);
  });

  it('reads in Arabic: the server’s words under the Arabic label, asked for in Arabic', async () => {
    const server = fakeServer({
      [HISTORY]: { data: history({ routing: [step({ workerName: 'هدى', text: 'أُسند إلى هدى بحسب القاعدة 3: أقل عدد من المهام المفتوحة (0)' })] }) },
    });
    renderInApp(<StatusHistory lineId={7} />, 'ar');
    expect(await screen.findByText('التوجيه: أُسند إلى هدى بحسب القاعدة 3: أقل عدد من المهام المفتوحة (0)')).toBeTruthy();
    await waitFor(() => expect(server.sent('GET', '/api/Request/GetServiceAssignmentDetails/7')[0]?.query).toMatchObject({ lang: 'ar' }));
  });
});
