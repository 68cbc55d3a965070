import yauzl from 'yauzl';
import { AppError } from '../../http/errors';
import { excelMessages as m } from './excel.messages';

/**
 * What an uploaded workbook may hold once unpacked. A template with the 20,000 rows
 * an import takes is far below each; a zip bomb (a few MB that inflate to GBs) is
 * far above.
 */
export const WORKBOOK_LIMITS = {
  entries: 200,
  /** Every part together, inflated. */
  unpackedBytes: 100 * 1024 * 1024,
  /** `<row>` elements over all sheets, empty ones included. */
  rows: 200_000,
  /** `<c>` elements over all sheets. */
  cells: 2_000_000,
  /** `<si>` elements of the shared-strings part (exceljs keeps them all in memory). */
  sharedStrings: 500_000,
} as const;

type Counted = 'rows' | 'cells' | 'sharedStrings';
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DESCRIPTOR = 0x08074b50;

/**
 * Checks an .xlsx before exceljs reads it, so that no upload can make the server
 * inflate or keep more than WORKBOOK_LIMITS: first the sizes the zip's central
 * directory declares, then the bytes each part really inflates to (a zip may lie
 * about its sizes), counting rows, cells and shared strings on the way. exceljs
 * reads the local headers in file order rather than the central directory, so the
 * local entries must be exactly the listed ones, back to back: nothing hidden
 * between them. Memory stays at one inflate window per part. Over a limit: 413;
 * not a consistent zip: 415.
 */
export async function checkWorkbookZip(bytes: Buffer): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false });
  } catch {
    throw new AppError(415, m.unreadable);
  }
  try {
    const centralDirectory = zip.readEntryCursor as unknown as number;
    if (zip.entryCount > WORKBOOK_LIMITS.entries) throw tooLarge();
    const entries: yauzl.Entry[] = [];
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) entries.push(entry);
    const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (declared > WORKBOOK_LIMITS.unpackedBytes) throw tooLarge();
    checkLayout(bytes, entries, centralDirectory);

    const counts: Record<Counted, number> = { rows: 0, cells: 0, sharedStrings: 0 };
    let budget = WORKBOOK_LIMITS.unpackedBytes;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      budget -= await inflateCounting(zip, entry, budget, counts);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, m.unreadable);
  } finally {
    zip.close();
  }
}

function tooLarge(): AppError {
  return new AppError(413, m.unpackedTooLarge, {
    mb: WORKBOOK_LIMITS.unpackedBytes / (1024 * 1024),
    rows: WORKBOOK_LIMITS.rows,
    cells: WORKBOOK_LIMITS.cells,
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(undefined));
    const onError = (error: Error) => (cleanup(), reject(error));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

/**
 * The local entries, in file order, must be the listed ones with the same name,
 * method and sizes, each followed by at most its data descriptor, and the last one
 * by the central directory: so what exceljs streams is what was checked here.
 */
function checkLayout(bytes: Buffer, entries: yauzl.Entry[], centralDirectory: number): void {
  const inconsistent = () => new AppError(415, m.unreadable);
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let expected = 0;
  for (const entry of sorted) {
    const at = entry.relativeOffsetOfLocalHeader;
    if (at !== expected || at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw inconsistent();
    const flags = bytes.readUInt16LE(at + 6);
    const method = bytes.readUInt16LE(at + 8);
    const compressed = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLength);
    if (method !== entry.compressionMethod || !name.equals(entry.fileNameRaw)) throw inconsistent();
    const hasDescriptor = (flags & 0x8) !== 0;
    // Without a descriptor the local size is the real one (0xffffffff: in the zip64 extra field).
    if (!hasDescriptor && compressed !== 0xffffffff && compressed !== entry.compressedSize) throw inconsistent();
    const dataEnd = at + 30 + nameLength + extraLength + entry.compressedSize;
    const next = sorted[sorted.indexOf(entry) + 1]?.relativeOffsetOfLocalHeader ?? centralDirectory;
    const gap = next - dataEnd;
    const descriptorFits = hasDescriptor && [12, 16, 20, 24].includes(gap) && (gap === 12 || bytes.readUInt32LE(dataEnd) === DESCRIPTOR);
    if (gap !== 0 && !descriptorFits) throw inconsistent();
    expected = next;
  }
  if (expected !== centralDirectory || (entries.length && bytes.readUInt32LE(centralDirectory) !== CENTRAL_HEADER)) throw inconsistent();
}

/** Inflates one part, never past what it declares nor past the budget left; returns its size. */
async function inflateCounting(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number, counts: Record<Counted, number>): Promise<number> {
  const name = entry.fileName.toLowerCase();
  const counted: Partial<Record<string, Counted>> = name.startsWith('xl/worksheets/')
    ? { row: 'rows', c: 'cells' }
    : name === 'xl/sharedstrings.xml'
      ? { si: 'sharedStrings' }
      : {};
  const tags = Object.keys(counted).length ? new RegExp(`<(${Object.keys(counted).join('|')})[\\s/>]`, 'g') : undefined;
  const stream = await zip.openReadStreamPromise(entry);
  let size = 0;
  let carry = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // A part larger than it says is a lie (or a bomb): stop at once either way.
      if (size > entry.uncompressedSize || size > budget) throw tooLarge();
      if (!tags) continue;
      const text = carry + chunk.toString('latin1');
      for (const match of text.matchAll(tags)) {
        // A tag wholly inside the carried tail was counted with the previous chunk.
        if (match.index + match[0].length <= carry.length) continue;
        const key = counted[match[1]]!;
        if (++counts[key] > WORKBOOK_LIMITS[key]) throw tooLarge();
      }
      carry = text.slice(-5);
    }
  } finally {
    stream.destroy();
  }
  return size;
}
