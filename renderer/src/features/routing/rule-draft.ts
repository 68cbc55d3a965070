import { ROUTING_DEFAULTS, type RoutingRuleRow, type RoutingScope } from '@shared';

/** The rule form as typed: every field a string until it is saved. */
export interface Draft {
  scope: RoutingScope;
  scopeId: string;
  autoRoute: boolean;
  departmentId: string;
  maxOpenTasks: string;
  acceptMinutes: string;
  maxReoffers: string;
}

export const EMPTY: Draft = {
  scope: 'service',
  scopeId: '',
  autoRoute: true,
  departmentId: '',
  maxOpenTasks: String(ROUTING_DEFAULTS.maxOpenTasks),
  acceptMinutes: String(ROUTING_DEFAULTS.acceptMinutes),
  maxReoffers: String(ROUTING_DEFAULTS.maxReoffers),
};

export const draftOf = (r: RoutingRuleRow): Draft => ({
  scope: r.scope,
  scopeId: String(r.scopeId),
  autoRoute: r.autoRoute,
  departmentId: r.departmentId === null ? '' : String(r.departmentId),
  maxOpenTasks: String(r.maxOpenTasks),
  acceptMinutes: String(r.acceptMinutes),
  maxReoffers: String(r.maxReoffers),
});

/** A number field as typed: the server checks the limits and names them in its message. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The saved rule for a hotel, as the server takes it. */
export const ruleOf = (hotelId: number, draft: Draft) => ({
  hotelId,
  scope: draft.scope,
  scopeId: Number(draft.scopeId),
  autoRoute: draft.autoRoute,
  departmentId: draft.departmentId ? Number(draft.departmentId) : null,
  maxOpenTasks: numberOf(draft.maxOpenTasks),
  acceptMinutes: numberOf(draft.acceptMinutes),
  maxReoffers: numberOf(draft.maxReoffers),
});
