// What other features use of two-factor sign-in: its strings (the roles screen names its claim), the reset dialog and the security audit screen.
import './strings';
export { ResetTwoFactorDialog } from './ResetTwoFactorDialog';
export { SecurityAuditScreen } from './SecurityAuditScreen';
