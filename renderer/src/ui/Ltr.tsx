import type { ReactNode } from 'react';

/**
 * Text that reads left to right inside Arabic: a phone number, a request code, a room
 * number. Isolated (bdi) and set LTR, since `dir="auto"` finds no strong letter in
 * `+966 55 123 4567` and an Arabic screen would draw it as `4567 123 55 966+`.
 */
export function Ltr({ children, className, title }: { children: ReactNode; className?: string; title?: string }) {
  return (
    <bdi dir="ltr" className={className} title={title}>
      {children}
    </bdi>
  );
}
