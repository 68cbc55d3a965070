/**
 * Settings a browser spec may give the Playwright worker's shared server at a reset (resettable-server.ts):
 * what the specs ask for. A spec that needs any other setting starts a server of its own. Its own file: the
 * browser tests' support reads it without importing the server.
 */
export const OVERRIDABLE: ReadonlySet<string> = new Set([
  'HOTEL_ACCESS_TOKEN_TTL',
  'HOTEL_SLA_TICK_MS',
  'HOTEL_TEST_CLOCK',
  'HOTEL_WEBHOOK_ALLOW_PRIVATE',
  'HOTEL_WEBHOOK_ALLOW_HTTP',
  'HOTEL_EXPORT_MAX_ROWS',
  'HOTEL_LIST_COUNT_MAX',
]);
