import { CannedRepliesScreen } from './CannedRepliesScreen';
import { EmailSettingsScreen } from './EmailSettingsScreen';
import { RoleDetailPage } from './RoleDetailPage';
import { RolesScreen } from './RolesScreen';
import { UserRolesPage } from './UserRolesPage';
import { UsersScreen } from './UsersScreen';
import { SecurityAuditScreen } from '../two-factor';
import { SignInSettingsScreen } from '../single-sign-on';
import { IntegrationsScreen } from '../integrations';

/** The administration section, loaded on demand (app/routes.tsx). */
export const screens = {
  Users: UsersScreen,
  Roles: RolesScreen,
  EmailSettings: EmailSettingsScreen,
  CannedReplies: CannedRepliesScreen,
  SecurityAudit: SecurityAuditScreen,
  SignIn: SignInSettingsScreen,
  Integrations: IntegrationsScreen,
  UserRole: UserRolesPage,
  RoleDetail: RoleDetailPage,
};
