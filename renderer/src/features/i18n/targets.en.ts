/** Strings of the service-level targets on the Service, Service Group and Hotel screens, under `targets`. */
export const targetsEn = {
  recoveryThreshold: 'Low rating alert at or below (of 10)',
  recoveryHint: 'A rating at or below this alerts the duty managers and opens a follow-up. Empty: 4.',
  acknowledgeMinutes: 'Minutes to acknowledge',
  completeMinutes: 'Minutes to complete',
  acknowledgeColumn: 'Acknowledge (min)',
  completeColumn: 'Complete (min)',
  serviceHint: "Optional. Empty: the service group's target applies, else the hotel's.",
  groupHint: "Optional. Empty: the hotel's target applies to services that set none.",
  hotelHint: 'Optional. The default of last resort; empty: no target unless a service or its group sets one.',
  wholeMinutes: 'Enter a whole number of minutes (for example 15), or leave it empty',
  range: 'Enter from 1 to {{max}} minutes (a week), or leave it empty',
};
