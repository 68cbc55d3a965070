/**
 * A text cell: isolated in its own direction (Latin names and phone numbers in an Arabic
 * list are neither reordered nor cut at their start), cut at its end with the whole text
 * in its tooltip.
 */
export function TextCell({ text, tooltip, ltr, wrap }: { text: string; tooltip?: string; ltr?: boolean; wrap?: boolean }) {
  return (
    <span className={wrap ? 'cell-text cell-wrap' : 'cell-text'} dir={ltr ? 'ltr' : 'auto'} title={tooltip ?? text}>
      {text}
    </span>
  );
}
