import { expect, type Locator, type Page, type Request } from '@playwright/test';

/**
 * Resolves once nothing on the page is moving: every CSS animation and transition and Web
 * Animation has finished (or is paused), so a picture shows the screen at rest. What the
 * screen draws, not a guess at how long its motion lasts.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The requests a page sends to one path, as Playwright sees them go out and end. */
export interface RequestCount {
  /** Sent since counting began. */
  readonly sent: number;
  /** Sent and not yet finished or failed. */
  readonly inFlight: number;
  stop(): void;
}

/** Counts the requests `page` sends to `pathname` from now on. */
export function countRequests(page: Page, pathname: string): RequestCount {
  const inFlight = new Set<Request>();
  let sent = 0;
  const went = (req: Request) => {
    if (new URL(req.url()).pathname !== pathname) return;
    sent++;
    inFlight.add(req);
  };
  const ended = (req: Request) => void inFlight.delete(req);
  page.on('request', went);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    get sent() {
      return sent;
    },
    get inFlight() {
      return inFlight.size;
    },
    stop() {
      page.off('request', went);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Two frames of the page: the effects of what it rendered before have run (and sent what they send). */
const twoFrames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * Resolves once the page has settled on `shown`: it is visible, and then rounds of two frames
 * each (React has run the effects of what it drew, so a read they start has gone out) and no
 * counted request under way, until two rounds in a row saw none sent (an answer may start
 * another read). Each step waits for something the page does, never for time to pass; after
 * it, a count of `requests` is what the page sends for what it shows.
 */
export async function pageSettled(page: Page, shown: Locator, requests: RequestCount): Promise<void> {
  await expect(shown).toBeVisible();
  for (let quiet = 0; quiet < 2; ) {
    const before = requests.sent;
    await twoFrames(page);
    await expect.poll(() => requests.inFlight, { message: 'no counted request is still under way' }).toBe(0);
    quiet = requests.sent === before ? quiet + 1 : 0;
  }
}
