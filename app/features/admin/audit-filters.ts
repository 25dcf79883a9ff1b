import { type Filters, periodQuery } from "./url-filters.ts";

export const AUDIT_FILTER_NAMES = ["action", "actor", "from", "to"] as const;
export type AuditFilters = Filters<(typeof AUDIT_FILTER_NAMES)[number]>;

/** The API's query for the audit log's filters and page. */
export function auditApiQuery(filters: AuditFilters, before?: number) {
  return {
    action: filters.action,
    actorUserId: filters.actor,
    ...periodQuery(filters.from, filters.to),
    before: before === undefined ? undefined : String(before),
  };
}
