import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../../work-web/src/store';

/**
 * The phone's outbox against a fake server that checks versions as the real one does: a
 * tap carrying a version other than the line's current one is refused ("changed meanwhile"),
 * and every accepted tap answers the line's new version.
 */
const server = vi.hoisted(() => ({
  version: 'v0',
  next: 1,
  sent: [] as { action: string; lineId: number; key: string; version?: string }[],
}));
const saved = vi.hoisted(() => ({ items: [] as OutboxItem[], seq: 0 }));

vi.mock('../../../work-web/src/store', () => ({
  store: {
    outbox: async () => saved.items.map((i) => ({ ...i })),
    enqueue: async (item: OutboxItem) => void saved.items.push({ ...item, seq: ++saved.seq }),
    update: async (item: OutboxItem) => void (saved.items = saved.items.map((i) => (i.seq === item.seq ? { ...item } : i))),
    remove: async (seq: number) => void (saved.items = saved.items.filter((i) => i.seq !== seq)),
  },
}));

vi.mock('../../../work-web/src/api', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../work-web/src/api')>();
  return {
    ...original,
    api: {
      act: async (action: string, lineId: number, key: string, body: { version?: string }) => {
        server.sent.push({ action, lineId, key, version: body.version });
        if (body.version !== undefined && body.version !== server.version) throw new original.ApiError('client', 409, 'This task changed meanwhile.');
        server.version = `v${server.next++}`;
        return { message: 'ok', lineId, status: 'Assigned', version: server.version };
      },
    },
  };
});

const { Outbox } = await import('../../../work-web/src/outbox');

const label = { service: 'Towels', room: '101' };

function outbox() {
  const states: { refusals: { message: string }[] }[] = [];
  const box = new Outbox(
    (state) => states.push(state),
    () => undefined,
    () => undefined,
  );
  return { box, refusals: () => states.at(-1)?.refusals ?? [] };
}

beforeEach(() => {
  Object.assign(server, { version: 'v0', next: 1, sent: [] });
  Object.assign(saved, { items: [], seq: 0 });
  // Node has no Web Locks: the outbox then sends without one, as in an old browser.
  vi.stubGlobal('navigator', {});
});
afterEach(() => vi.unstubAllGlobals());

describe("the phone's outbox", () => {
  it("sends Start tapped right after Accept against the line as Accept left it, though the task list still shows the old version", async () => {
    const { box, refusals } = outbox();
    await box.tap({ action: 'accept', lineId: 1, version: 'v0', label });
    // Accept went out and left the outbox; the task list is not read again yet, so the
    // Start button still carries the version the worker first saw.
    expect(saved.items).toEqual([]);
    await box.tap({ action: 'start', lineId: 1, version: 'v0', label });
    expect(refusals()).toEqual([]);
    expect(server.sent.map((s) => [s.action, s.version])).toEqual([
      ['accept', 'v0'],
      ['start', 'v1'],
    ]);
    expect(saved.items).toEqual([]);
  });

  it('replays taps queued offline on one line in order, each checked against the answer to the one before', async () => {
    const { box, refusals } = outbox();
    saved.items = [
      { seq: 1, key: 'tap-a', action: 'accept', lineId: 1, version: 'v0', label, createdAt: 0 },
      { seq: 2, key: 'tap-b', action: 'start', lineId: 1, label, createdAt: 0 },
      { seq: 3, key: 'tap-c', action: 'done', lineId: 1, note: 'Done', label, createdAt: 0 },
    ];
    saved.seq = 3;
    await box.flush();
    expect(refusals()).toEqual([]);
    expect(server.sent.map((s) => [s.action, s.version])).toEqual([
      ['accept', 'v0'],
      ['start', 'v1'],
      ['done', 'v2'],
    ]);
    expect(saved.items).toEqual([]);
  });

  it("still refuses a tap when the desk changed the line after this phone's own tap", async () => {
    const { box, refusals } = outbox();
    await box.tap({ action: 'accept', lineId: 1, version: 'v0', label });
    server.version = 'desk';
    await box.tap({ action: 'start', lineId: 1, version: 'v0', label });
    expect(server.sent.map((s) => [s.action, s.version])).toEqual([
      ['accept', 'v0'],
      ['start', 'v1'],
    ]);
    expect(refusals().map((r) => r.message)).toEqual(['This task changed meanwhile.']);
  });
});
