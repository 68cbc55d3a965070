import { RequestDetailsPage } from './RequestDetailsPage';
import { RequestListScreen } from './RequestListScreen';
import { ServiceDetailsPage } from './ServiceDetailsPage';
import { ServiceListScreen } from './ServiceListScreen';

/** The service-management section, loaded on demand (app/routes.tsx). */
export const screens = { RequestList: RequestListScreen, ServiceList: ServiceListScreen, RequestDetails: RequestDetailsPage, ServiceDetails: ServiceDetailsPage };
