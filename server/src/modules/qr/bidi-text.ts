import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export interface VisualRun {
  /** The run's characters in logical order (the font's shaper joins Arabic letters and lays them right to left). */
  text: string;
  rtl: boolean;
}

/**
 * A line split into runs of one direction and put in visual (left-to-right drawing)
 * order by the Unicode bidi algorithm (bidi-js, rules L1–L2 at run level). Each run
 * keeps its own text, spaces included, so a space between two Arabic words stays
 * where it belongs; brackets inside right-to-left runs are mirrored.
 */
export function visualRuns(text: string, base: 'ltr' | 'rtl' | 'auto' = 'auto'): VisualRun[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, base);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs: { text: string; level: number }[] = [];
  // bidi-js works in UTF-16 units; both halves of a surrogate pair get the same level, so they stay together.
  text.split('').forEach((unit, i) => {
    const char = mirrored.get(i) ?? unit;
    const level = levels[i];
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, level });
  });
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i].level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < runs.length && runs[end].level >= level) end++;
      runs.splice(i, end - i, ...runs.slice(i, end).reverse());
      i = end;
    }
  }
  return runs.map((r) => ({ text: r.text, rtl: r.level % 2 === 1 }));
}

export interface LineOptions {
  width: number;
  align: 'left' | 'center' | 'right';
  /** The paragraph direction; Arabic lines are 'rtl'. */
  base?: 'ltr' | 'rtl' | 'auto';
  /** The size is reduced step by step (not below this) until the line fits its width. */
  minFontSize?: number;
}

/**
 * Draws one line of mixed Arabic and Latin text: runs in visual order, each shaped by
 * the font (fontkit), placed side by side and aligned within the width.
 */
export function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, options: LineOptions): void {
  const runs = visualRuns(text, options.base ?? 'auto');
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  let fontSize = size;
  const widthAt = () => runs.reduce((sum, run) => sum + doc.widthOfString(run.text), 0);
  let width = widthAt();
  while (width > options.width && fontSize > (options.minFontSize ?? size)) {
    fontSize = Math.max(options.minFontSize ?? size, fontSize - 0.5);
    doc.fontSize(fontSize);
    width = widthAt();
  }
  let cursor = options.align === 'left' ? x : options.align === 'right' ? x + options.width - width : x + (options.width - width) / 2;
  for (const run of runs) {
    // Word by word, spaces as gaps: a space glyph inside a reversed run is where text
    // extractors (and screen readers of the PDF) lost the word boundary.
    const pieces = run.text.split(/(\s+)/).filter(Boolean);
    for (const piece of run.rtl ? pieces.reverse() : pieces) {
      if (!/^\s+$/.test(piece)) doc.text(piece, cursor, y, { lineBreak: false });
      cursor += doc.widthOfString(piece);
    }
  }
  doc.fontSize(size);
}
