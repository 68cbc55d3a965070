/**
 * A bench's database sizes from one setting: `10000`, `10000,100000,1000000` or `10k,100k,1M`
 * (k and M are thousands and millions; `_` and spaces are ignored). Empty or unset: `fallback`.
 * Throws on anything else, so a typo does not quietly measure the default.
 */
export function parseSizes(value: string | undefined, fallback: number[]): number[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value.split(',').map((part) => {
    const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(part.replaceAll(/[\s_]/g, ''));
    const size = match ? Number(match[1]) * { '': 1, k: 1e3, m: 1e6 }[match[2].toLowerCase() as '' | 'k' | 'm'] : NaN;
    if (!Number.isInteger(size) || size < 0) throw new Error(`Not a number of requests: "${part}" (in "${value}")`);
    return size;
  });
}

/** 10,000 → "10k", 1,000,000 → "1M"; other numbers as they are, with thousands separators. */
export function sizeLabel(size: number): string {
  if (size >= 1e6 && size % 1e6 === 0) return `${size / 1e6}M`;
  if (size >= 1e3 && size % 1e3 === 0) return `${size / 1e3}k`;
  return size.toLocaleString('en');
}
