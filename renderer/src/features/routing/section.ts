import { RoutingScreen } from './RoutingScreen';

/** The routing section, loaded on demand (app/routes.tsx). */
export const screens = { Routing: RoutingScreen };
