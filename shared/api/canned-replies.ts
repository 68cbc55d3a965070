import { z } from 'zod';
import { Timestamp, text } from './common';

/** The longest canned reply: it must fit the reply box (MESSAGE_MAX) with room to add to it. */
export const CANNED_REPLY_MAX = 1000;

/** A ready-made answer staff insert into a reply with one click, in English and Arabic. */
export const CannedReplyInput = z.object({
  textEn: text(CANNED_REPLY_MAX),
  textAr: text(CANNED_REPLY_MAX),
});
export const CannedReply = z.object({
  id: z.number(),
  textEn: z.string(),
  textAr: z.string(),
  createdAt: Timestamp,
});

export type CannedReplyInput = z.infer<typeof CannedReplyInput>;
export type CannedReply = z.infer<typeof CannedReply>;
