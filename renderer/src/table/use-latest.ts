import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The latest value, for callbacks the grid keeps (cell renderers, its events): screens
 * pass new arrow functions on every render, which must not rebuild the grid's columns.
 * Updated after each commit, before any effect (the grid takes its new props in an
 * effect, so a cell it redraws then already reads the new value).
 */
export function useLatest<V>(value: V): RefObject<V> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
