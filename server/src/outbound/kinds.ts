import { PASSWORD_RESET_KIND, passwordResetMail } from '../modules/account/account.service';
import { LOW_RATING_KIND, lowRatingMail } from '../modules/reports/recovery.service';
import { TASK_PUSH_KIND, taskPush } from '../modules/work/push.service';
import { GUEST_FINISHED_KIND, GUEST_TRACKING_KIND, guestFinishedMail, guestTrackingMail } from '../modules/service-levels/guest-mail';
import { STAY_REVIEW_KIND, stayReviewMail } from '../modules/integrations/stays/stay-mail';
import type { OutboundKind } from './outbound-queue';

/** Every kind of message on the outbound queue, by the name its rows carry. */
export const outboundKinds: Record<string, OutboundKind<never>> = {
  [LOW_RATING_KIND]: lowRatingMail as OutboundKind<never>,
  [PASSWORD_RESET_KIND]: passwordResetMail as OutboundKind<never>,
  [TASK_PUSH_KIND]: taskPush as OutboundKind<never>,
  [GUEST_TRACKING_KIND]: guestTrackingMail as OutboundKind<never>,
  [GUEST_FINISHED_KIND]: guestFinishedMail as OutboundKind<never>,
  [STAY_REVIEW_KIND]: stayReviewMail as OutboundKind<never>,
};
