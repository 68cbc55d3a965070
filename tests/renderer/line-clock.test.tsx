import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS, type RequestLine } from '@shared';
import { NOW_STEP_MS } from '../../renderer/src/ui/use-now';
import { DueBadge } from '../../renderer/src/features/service-management/DueBadge';
import { LineCard } from '../../renderer/src/features/service-management/LineCard';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { fakeServer } from './support/fake-http';
import { renderInApp, withQueryCache } from './render-app';

/** A line created at 10:00 with a 10-minute acknowledge target and a 60-minute completion target. */
const line = (over: Partial<RequestLine> = {}): RequestLine => ({
  id: 7,
  serviceId: 1,
  serviceName: 'Extra towels',
  statusName: 'Open',
  note: '',
  reply: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  isSpecial: false,
  specialRequest_DepartmentId: null,
  departmentId: 4,
  departmentName: 'Housekeeping',
  workerId: null,
  workerName: null,
  acknowledgedAt: null,
  clockStartedAt: '2026-11-23T10:00:00.000Z',
  acknowledgeDueAt: '2026-11-23T10:10:00.000Z',
  completeDueAt: '2026-11-23T11:00:00.000Z',
  dueAt: '2026-11-23T10:10:00.000Z',
  dueKind: 'acknowledge',
  isOverdue: false,
  expectedBy: '2026-11-23T11:00:00.000Z',
  ...over,
});

const at = (hhmmss: string) => new Date(`2026-11-23T${hhmmss}.000Z`);
const badge = () => screen.getByTestId('due-badge');

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("a line's due time", () => {
  it('turns amber at 75% of the target and red at 100%, as time passes, without new data', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(at('10:05:00'));
    renderInApp(<DueBadge line={line()} />);
    expect(badge().dataset.level).toBe('ok');
    expect(badge().textContent).toMatch(/^Acknowledge by /);

    // 10:07:30 is 75% of the 10 minutes.
    act(() => vi.advanceTimersByTime(2.5 * 60_000));
    expect(badge().dataset.level).toBe('amber');

    act(() => vi.advanceTimersByTime(2.5 * 60_000 + NOW_STEP_MS));
    expect(badge().dataset.level).toBe('red');
    expect(badge().textContent).toMatch(/^Late: acknowledge was due /);
  });

  it('counts to the completion target once acknowledged, shows nothing without a target or once closed, and says it in Arabic', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('10:20:00'));
    const view = renderInApp(<DueBadge line={line({ acknowledgedAt: '2026-11-23T10:03:00.000Z' })} />);
    expect(badge().dataset.level).toBe('ok');
    expect(badge().textContent).toMatch(/^Complete by /);
    view.rerender(<DueBadge line={line({ clockStartedAt: null, acknowledgeDueAt: null, completeDueAt: null })} />);
    expect(screen.queryByTestId('due-badge')).toBeNull();
    view.rerender(<DueBadge line={line({ statusName: 'Completed' })} />);
    expect(screen.queryByTestId('due-badge')).toBeNull();
    cleanup();
    renderInApp(<DueBadge line={line()} />, 'ar');
    expect(badge().dataset.level).toBe('red');
    expect(badge().textContent).toContain('متأخر');
  });

  it("believes the server's overdue even when this computer's clock is behind", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('10:01:00'));
    renderInApp(<DueBadge line={line({ isOverdue: true })} />);
    expect(badge().dataset.level).toBe('red');
  });
});

describe('Acknowledge on the line card', { timeout: 30_000 }, () => {
  const signIn = (claims: readonly string[]) =>
    store.set(sessionAtom, { accessToken: 't', permissions: [], claims: [...claims], userRoles: [], userName: 'Hessa', userEmail: 'h@x.demo' });
  beforeEach(() => signIn(ALL_CLAIMS));

  it('acknowledges the line once, however often it is clicked, and tells the page to re-read', async () => {
    let release!: () => void;
    const server = fakeServer({
      'GET /api/Request/GetServiceAssignmentDetails/7': { data: null },
      'GET /api/Request/GetServiceDetails/7': { data: { availableWorkers: [] } },
      'PUT /api/Request/AcknowledgeService': () => new Promise((resolve) => (release = () => resolve({ data: { message: 'Acknowledged' } }))),
    });
    const changed = vi.fn();
    renderInApp(<LineCard line={line()} departments={[]} onChanged={changed} />);
    await userEvent.dblClick(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(server.sent('PUT', '/api/Request/AcknowledgeService')).toHaveLength(1));
    release();
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(server.sent('PUT', '/api/Request/AcknowledgeService')[0].body).toEqual({ id: 7 });
  });

  it('is not offered once acknowledged, on a closed line, or without the claim; a Special Request without its department has it', () => {
    fakeServer({ 'GET /api/Request/GetServiceAssignmentDetails/7': { data: null }, 'GET /api/Request/GetServiceDetails/7': { data: { availableWorkers: [] } } });
    const view = renderInApp(<LineCard line={line({ acknowledgedAt: '2026-11-23T10:03:00.000Z' })} departments={[]} onChanged={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(screen.getByText('Acknowledged')).toBeTruthy();
    view.rerender(withQueryCache(<LineCard line={line({ statusName: 'Completed' })} departments={[]} onChanged={() => undefined} />));
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    view.rerender(withQueryCache(<LineCard line={line({ isSpecial: true, departmentId: null, departmentName: null })} departments={[]} onChanged={() => undefined} />));
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    act(() => signIn(ALL_CLAIMS.filter((c) => c !== 'Service Management.Service List.Acknowledge')));
    view.rerender(withQueryCache(<LineCard line={line()} departments={[]} onChanged={() => undefined} />));
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });
});
