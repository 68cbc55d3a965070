/** Strings of the service-level targets on the Service, Service Group and Hotel screens (issue 14.1), under `targets`. */
export const targetsEn = {
  acknowledgeMinutes: 'Minutes to acknowledge',
  completeMinutes: 'Minutes to complete',
  acknowledgeColumn: 'Acknowledge (min)',
  completeColumn: 'Complete (min)',
  serviceHint: "Optional. Empty: the service group's target applies, else the hotel's.",
  groupHint: "Optional. Empty: the hotel's target applies to services that set none.",
  hotelHint: 'Optional. The default of last resort; empty: no target unless a service or its group sets one.',
  scheduleLeadMinutes: 'Alert before a scheduled time (min)',
  scheduleLeadHint: 'Optional. A line asked for a time (a wake-up call at 06:00) alerts this many minutes before it; empty: 15.',
  timeZone: 'Time zone',
  timeZoneHint: "Optional. The hotel's clocks, as an IANA name such as Asia/Riyadh; empty: the server's default zone.",
  escalationDigestMinutes: 'Escalation e-mails as a digest every (min)',
  escalationDigestHint: 'Optional. One e-mail per receiver per this many minutes, listing the late lines; empty: one e-mail per line.',
  wholeMinutes: 'Enter a whole number of minutes (for example 15), or leave it empty',
  range: 'Enter from 1 to {{max}} minutes (a week), or leave it empty',
};
