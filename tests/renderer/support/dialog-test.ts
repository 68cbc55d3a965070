import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { setToastDispatcher } from '../../../renderer/src/feedback/toast';

/**
 * What a dialog's component test needs around each test: Fluent without Web Animations (happy-dom
 * rejects the cancelled ones Fluent's dialog leaves on close; without animate() Fluent skips motion),
 * the toasts the test caused, in order ([message, intent]), and an empty document afterwards.
 */
export function dialogTestSetup(): [string, string][] {
  const toasts: [string, string][] = [];
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  });
  beforeEach(() => {
    toasts.length = 0;
    setToastDispatcher((message, intent) => toasts.push([message, intent]));
  });
  afterEach(() => cleanup());
  return toasts;
}
