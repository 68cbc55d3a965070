import { registerRoute, registerScreen } from '../../app/screen-registry';
import { EmailSettingsScreen } from './EmailSettingsScreen';
import { RoleDetailPage } from './RoleDetailPage';
import { RolesScreen } from './RolesScreen';
import { UserRolesPage } from './UserRolesPage';
import { UsersScreen } from './UsersScreen';

export function registerAdministration(): void {
  registerScreen({ group: 'Administration', item: 'Users', component: UsersScreen });
  registerScreen({ group: 'Administration', item: 'Roles', component: RolesScreen });
  registerScreen({ group: 'Administration', item: 'EmailSettings', component: EmailSettingsScreen });
  registerRoute({ path: 'UserRole/:id', component: UserRolesPage });
  registerRoute({ path: 'RoleDetail/:id', component: RoleDetailPage });
}
