/** Home's figures (registered by ./strings). */
export const dashboardEn = {
  title: "Today's figures",
  escalationMailOff: 'E-mail is not set up: escalation e-mails cannot be sent. Late lines are e-mailed to their receivers once it is set up (Administration › E-mail Settings).',
  open: 'Open lines',
  waitingLongest: 'Waiting longest',
  completedToday: 'Completed today',
  avgComplete: 'Average time to complete',
  avgRating: 'Average rating',
  none: 'None',
  minutes: '{{count}} min',
  hours: '{{hours}} h {{minutes}} min',
  ratingValue: '{{rating}} / 10',
  since: 'since {{time}}',
  reviews: 'Reviews today: {{count}}',
  loadError: 'Something went wrong, Please try again later',
} as const;
