// What other features use of sessions: a user's signed-in devices dialog.
export { UserSessionsDialog } from './UserSessionsDialog';
