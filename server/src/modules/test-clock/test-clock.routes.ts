import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSteerable } from '../../clock';

/** The longest one call may move the clock: a month (a wake-up call is booked at most 30 days ahead). */
const MAX_ADVANCE_SECONDS = 31 * 86_400;

/**
 * POST /api/Test/Clock {advanceSeconds}: moves the server's test clock forward and answers once
 * the timed work due by then has run (escalations, scheduled lines, routing, webhook retries,
 * the live streams of tokens expired by then),
 * with the time the clock reads now. `advanceSeconds: 0` only reads it. app.ts registers this
 * only on a steerable test clock (HOTEL_TEST_CLOCK with NODE_ENV=test); a production server,
 * on the system clock, answers 404. Not part of the contract (shared/): hidden from OpenAPI.
 */
export default async function testClockRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.ctx;
  if (!isSteerable(clock)) return;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Test/Clock',
    {
      schema: {
        hide: true,
        body: z.object({ advanceSeconds: z.number().int().min(0).max(MAX_ADVANCE_SECONDS) }).strict(),
      },
    },
    async (request) => {
      clock.advance(request.body.advanceSeconds * 1000);
      const now = clock.now();
      await app.ctx.timedWork.runDue(now);
      return { now: now.toISOString() };
    },
  );
}
