import { registerRoute, registerScreen } from '../../app/screen-registry';
import { RequestDetailsPage } from './RequestDetailsPage';
import { RequestListScreen } from './RequestListScreen';
import { ServiceDetailsPage } from './ServiceDetailsPage';
import { ServiceListScreen } from './ServiceListScreen';

export function registerServiceManagement(): void {
  registerScreen({ group: 'ServiceManagement', item: 'RequestList', component: RequestListScreen });
  registerScreen({ group: 'ServiceManagement', item: 'ServiceList', component: ServiceListScreen });
  registerRoute({ path: 'Request/Details/:id', component: RequestDetailsPage });
  registerRoute({ path: 'Service/Details/:id', component: ServiceDetailsPage });
}
