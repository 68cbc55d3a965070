import { RequestDetailsPage, ServiceDetailsPage } from './DetailsPage';
import { RequestListScreen } from './RequestListScreen';
export { prefetchRequestList } from './RequestListScreen';
import { ServiceListScreen } from './ServiceListScreen';

/** The service-management section, loaded on demand (app/routes.tsx). */
export const screens = { RequestList: RequestListScreen, ServiceList: ServiceListScreen, RequestDetails: RequestDetailsPage, ServiceDetails: ServiceDetailsPage };
