/** A time as the API writes it: an ISO 8601 string in UTC (the contract's date-time). Every module's answers use these. */
export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
