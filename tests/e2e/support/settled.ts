import type { Page } from '@playwright/test';

/**
 * Resolves once nothing on the page is moving: every CSS animation and transition and Web
 * Animation has finished (or is paused), so a picture shows the screen at rest. What the
 * screen draws, not a guess at how long its motion lasts.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}
