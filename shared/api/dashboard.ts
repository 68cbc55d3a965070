import { z } from 'zod';
import { LangQuery, Timestamp } from './common';

/** `since`: the start of the caller's day (the client knows its time zone; the server does not). */
export const HomeFiguresQuery = LangQuery.extend({ since: z.iso.datetime({ offset: true }).optional() });

export const WaitingLine = z.object({
  id: z.number(),
  requestId: z.string(),
  requestCode: z.string(),
  serviceName: z.string(),
  hotelName: z.string(),
  roomNumber: z.string(),
  statusName: z.string(),
  createdAt: Timestamp,
});

/** Today's figures for the user's hotels and departments (the Home page). */
export const HomeFigures = z.object({
  openLines: z.number(),
  waitingLongest: z.array(WaitingLine),
  completedToday: z.number(),
  /** Average minutes from a line's creation to its completion, over today's completions; null when none. */
  avgCompleteMinutes: z.number().nullable(),
  /** Average rating of today's reviews; null when none. */
  avgRating: z.number().nullable(),
  reviewsToday: z.number(),
  /** Open lines past their due time now, per department of the user's scope, most first; null: no department yet. */
  overdueByDepartment: z.array(z.object({ departmentId: z.number().nullable(), departmentName: z.string().nullable(), overdue: z.number() })),
});

/** Whether escalation e-mails can go out (e-mail is set up); Home and the escalations' receivers are warned when not. */
export const EscalationMailStatus = z.object({ ready: z.boolean() });

export type EscalationMailStatus = z.infer<typeof EscalationMailStatus>;
export type HomeFiguresQuery = z.infer<typeof HomeFiguresQuery>;
export type WaitingLine = z.infer<typeof WaitingLine>;
export type HomeFigures = z.infer<typeof HomeFigures>;
