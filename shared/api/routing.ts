import { z } from 'zod';
import { ROUTING_SCOPES, WAIT_REASONS } from '../routing';
import { Id, Timestamp } from './common';

/**
 * Routing rules, shifts, rosters and zones. Numbers are taken as any integer here and
 * checked against their limits by the server, which names the limit in its message.
 */
const Int = z.number().int().min(-1_000_000).max(1_000_000);

export const HotelQuery = z.object({ hotelId: Id });

export const RoutingRuleInput = z.object({
  hotelId: Id,
  scope: z.enum(ROUTING_SCOPES),
  scopeId: Id,
  autoRoute: z.boolean().default(true),
  departmentId: Id.nullable().default(null),
  maxOpenTasks: Int.optional(),
  acceptMinutes: Int.optional(),
  maxReoffers: Int.optional(),
});
export const RoutingRuleRow = z.object({
  id: z.number(),
  hotelId: z.number(),
  scope: z.enum(ROUTING_SCOPES),
  scopeId: z.number(),
  scopeName: z.string(),
  autoRoute: z.boolean(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  maxOpenTasks: z.number(),
  acceptMinutes: z.number(),
  maxReoffers: z.number(),
});

export const RoutingPreviewQuery = z.object({ hotelId: Id, serviceId: Id, roomId: Id.optional() });
export const RoutingPreview = z.object({
  ruleId: z.number().nullable(),
  routed: z.boolean(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  workerId: z.number().nullable(),
  workerName: z.string().nullable(),
  /** Why, in the caller's language (zone, load, or why nobody). */
  reason: z.string(),
});

export const RosterQuery = z.object({ hotelId: Id, departmentId: Id });
export const RosterRowInput = z.object({
  workerId: Id,
  /** 0 Sunday … 6 Saturday. */
  weekday: Int,
  /** 'HH:MM', the hotel's time. */
  start: z.string().max(10),
  end: z.string().max(10),
});
export const RosterInput = z.object({ hotelId: Id, departmentId: Id, rows: z.array(RosterRowInput).max(2000) });
export const RosterRow = z.object({ workerId: z.number(), workerName: z.string(), weekday: z.number(), start: z.string(), end: z.string() });

export const SHIFT_SETTINGS = ['on', 'off', 'roster'] as const;
export const WorkerShiftInput = z.object({ shift: z.enum(SHIFT_SETTINGS) });
export const WorkerZonesInput = z.object({ zones: z.array(z.string().max(50)).max(50) });
export const RoutingWorkersQuery = z.object({ hotelId: Id, departmentId: Id });
export const RoutingWorker = z.object({
  workerId: z.number(),
  workerName: z.string(),
  onShift: z.boolean(),
  shift: z.enum(SHIFT_SETTINGS),
  openTasks: z.number(),
  zones: z.array(z.string()),
});

/** The phone's "On shift" switch. */
export const WorkShiftInput = z.object({ onShift: z.boolean() });
export const WorkShift = z.object({ onShift: z.boolean() });

/** Open lines whose worker is off shift: they stay with the worker, the desk sees them. */
export const HeldOffShiftLine = z.object({
  lineId: z.number(),
  requestCode: z.string(),
  hotelId: z.number(),
  roomNumber: z.string(),
  serviceName: z.string(),
  workerId: z.number(),
  workerName: z.string(),
  status: z.string(),
  updatedAt: Timestamp,
});

/** One routing decision in a line's history. */
export const RoutingStep = z.object({
  at: Timestamp,
  outcome: z.enum(['department', 'assigned', 'reoffered', 'waiting', 'escalated']),
  reason: z.string(),
  ruleId: z.number().nullable(),
  workerName: z.string().nullable(),
  departmentName: z.string().nullable(),
  /** The decision in words, in the caller's language. */
  text: z.string(),
});

export const ROUTING_WAIT_REASONS = WAIT_REASONS;

export type RoutingRuleInput = z.infer<typeof RoutingRuleInput>;
export type RoutingRuleRow = z.infer<typeof RoutingRuleRow>;
export type RoutingPreview = z.infer<typeof RoutingPreview>;
export type RosterInput = z.infer<typeof RosterInput>;
export type RosterRow = z.infer<typeof RosterRow>;
export type RoutingWorker = z.infer<typeof RoutingWorker>;
export type HeldOffShiftLine = z.infer<typeof HeldOffShiftLine>;
export type RoutingStep = z.infer<typeof RoutingStep>;
