import type { Page } from '@playwright/test';
import path from 'node:path';

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Longest entrance or exit a screen draws (Fluent's toasts and dialogs take 200–500 ms). */
const TRANSITION_MS = 1000;

/**
 * axe's findings on the page at rest, as a user reads it. axe measures colours as drawn
 * at that instant, and a toast's text half-way through its fade-in reads as too little
 * contrast; so the short animations (entrances, exits) are played to their end first, and
 * the long ones (a toast's time-out, a spinner) are held still while axe runs and then let
 * go, so a toast neither fades out under axe nor is lost to the check. The page needs
 * `bypassCSP`: axe is injected as a script, which the server's CSP rightly forbids.
 */
export async function axeViolations(page: Page, options: { seriousOnly?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(async (transitionMs) => {
    const held: Animation[] = [];
    for (const animation of document.getAnimations()) {
      const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
      if (end <= transitionMs) animation.finish();
      else if (animation.playState === 'running') {
        animation.pause();
        held.push(animation);
      }
    }
    try {
      return await (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
        rules: { 'label-content-name-mismatch': { enabled: true } },
      });
    } finally {
      for (const animation of held) animation.play();
    }
  }, TRANSITION_MS);
  return result.violations
    .filter((v) => !options.seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
