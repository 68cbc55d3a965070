import type { FastifyPluginAsync } from 'fastify';
import account from './account/account.routes';
import administration from './administration/administration.routes';
import basicData from './basic-data/basic-data.routes';
import dashboard from './dashboard/dashboard.routes';
import bookingRooms from './booking-rooms/booking-rooms.routes';
import cannedReplies from './canned-replies/canned-replies.routes';
import excel from './excel/excel.routes';
import health from './health/health.routes';
import reports from './reports/reports.routes';
import requests from './requests/requests.routes';
import work from './work/work.routes';
import twoFactor from './two-factor/two-factor.routes';
import securityAudit from './security-audit/security-audit.routes';
import routing from './routing/routing.routes';
import passkeys from './passkeys/passkeys.routes';
import singleSignOn from './single-sign-on/single-sign-on.routes';
import sessions from './sessions/sessions.routes';
import webhooks from './integrations/webhooks/webhooks.routes';
import apiKeys from './integrations/api-keys/api-keys.routes';
import stays from './integrations/stays/stays.routes';
import apaleo from './integrations/apaleo/apaleo.routes';
import type { Listener } from '../live/announce';
import { webhookListener } from './integrations/webhooks/webhooks.listener';
import { pushListener } from './work/push.listener';

/** Every module's routes, registered in this order by app.ts. */
export const modules: FastifyPluginAsync[] = [health, account, administration, basicData, bookingRooms, excel, requests, dashboard, reports, cannedReplies, work, twoFactor, securityAudit, routing, passkeys, singleSignOn, sessions, webhooks, apiKeys, stays, apaleo];

/**
 * The modules' listeners of a committed change (live/announce.ts), registered by app.ts after the screens'
 * own: each writes its side effect in the change's transaction. Housekeeping, messaging and the like join here.
 */
export const listeners: Listener[] = [webhookListener, pushListener];
