import { useEffect, type RefObject } from 'react';

/**
 * Takes Fluent's focus groups (tabster's data-tabster) off everything inside `ref`. Fluent's
 * charts and toasts group their parts for arrow keys, and the focus manager then puts
 * aria-hidden elements in the Tab order around each group (axe's aria-hidden-focus: a
 * screen reader's Tab lands on nothing). Without the grouping each part is a plain Tab stop
 * with its own name. Parts drawn later (a new toast, a redrawn chart) are ungrouped too.
 */
export function useWithoutFocusGroups(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const ungroup = () => root.querySelectorAll('[data-tabster]').forEach((el) => el.removeAttribute('data-tabster'));
    ungroup();
    const observer = new MutationObserver(ungroup);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-tabster'] });
    return () => observer.disconnect();
  }, [ref]);
}
