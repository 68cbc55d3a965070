import type { WorkTask } from '@shared';
import type { OutboxAction, OutboxItem } from './store';

/** Where a task stands on the phone: the server's state with the taps still waiting applied. */
export interface TaskView {
  accepted: boolean;
  started: boolean;
  /** Done or Can't do tapped and waiting to be sent: the task is finished on this phone. */
  finished: boolean;
  pending: OutboxAction[];
}

export function taskView(task: WorkTask, outbox: OutboxItem[]): TaskView {
  const pending = outbox.filter((i) => i.lineId === task.lineId).map((i) => i.action);
  return {
    accepted: task.acceptedAt !== null || pending.includes('accept'),
    started: task.startedAt !== null || pending.includes('start'),
    finished: pending.includes('done') || pending.includes('cantDo'),
    pending,
  };
}

/** Tasks still waiting to be accepted: they ring until they are. */
export function waitingForAccept(tasks: WorkTask[], outbox: OutboxItem[]): WorkTask[] {
  return tasks.filter((task) => !taskView(task, outbox).accepted);
}

/** The due badge: minutes left (negative when overdue), or null without a service level. */
export function minutesLeft(task: Pick<WorkTask, 'dueAt'>, now: number): number | null {
  return task.dueAt ? Math.floor((Date.parse(task.dueAt) - now) / 60_000) : null;
}
