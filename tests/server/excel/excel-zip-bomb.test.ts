import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type TestServer, startTestServer } from '../../support/test-server';
import { XLSX, fileForm, fillTemplate } from './excel.fixtures';

/** One part of a hand-written zip: its deflated bytes and what the central directory says about it. */
interface Part {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
  /** Written in the file but left out of the central directory. */
  hidden?: boolean;
}

const partOf = (name: string, content: Buffer): Part => ({ name, deflated: zlib.deflateRawSync(content), crc: zlib.crc32(content), size: content.length });

/** A plain zip (no descriptors, no zip64) of the given parts, sizes as the parts say. */
function writeZip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = (central: boolean) => {
      // [bytes, value] fields of a local (30 bytes) or central (46 bytes) header, name after.
      const fields: [2 | 4, number][] = [
        [4, central ? 0x02014b50 : 0x04034b50],
        ...(central ? [[2, 20] as [2, number]] : []),
        [2, 20], [2, 0], [2, 8], [2, 0], [2, 0x21], [4, part.crc], [4, part.deflated.length], [4, part.size], [2, name.length], [2, 0],
        ...(central ? ([[2, 0], [2, 0], [2, 0], [4, 0], [4, offset]] as [2 | 4, number][]) : []),
      ];
      const b = Buffer.alloc(central ? 46 : 30);
      let at = 0;
      for (const [size, value] of fields) at = size === 2 ? b.writeUInt16LE(value, at) : b.writeUInt32LE(value >>> 0, at);
      return Buffer.concat([b, name]);
    };
    const local = header(false);
    if (!part.hidden) {
      centrals.push(header(true));
      listed++;
    }
    locals.push(local, part.deflated);
    offset += local.length + part.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every part of a real workbook, inflated. */
async function partsOf(xlsx: Buffer): Promise<Part[]> {
  const zip = await yauzl.fromBufferPromise(xlsx, { lazyEntries: true });
  const parts: Part[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => (parts.push(partOf(entry.fileName, Buffer.concat(chunks))), zip.readEntry()));
      });
    });
    zip.on('end', resolve).on('error', reject);
    zip.readEntry();
  });
  return parts;
}

/**
 * A shared-strings part holding one string of `blocks` × 16 MiB of 'a', deflated
 * without ever holding it: one 16 MiB block is deflated once with a full flush (which
 * forgets all history, so the bytes stand alone) and repeated.
 */
function sharedStringsBomb(blocks: number): Part {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 };
  const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>');
  const tail = Buffer.from('</t></si></sst>');
  const block = Buffer.alloc(16 * 1024 * 1024, 'a');
  const deflatedBlock = zlib.deflateRawSync(block, flush);
  const deflated = Buffer.concat([zlib.deflateRawSync(head, flush), ...Array.from({ length: blocks }, () => deflatedBlock), zlib.deflateRawSync(tail)]);
  return { name: 'xl/sharedStrings.xml', deflated, crc: 0, size: head.length + blocks * block.length + tail.length };
}

describe('spreadsheet zip bombs', () => {
  let t: TestServer;
  let token: string;
  let template: Buffer;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.adminToken();
    template = (await t.api.call<Buffer>(endpoints.roomTypeTemplate, { token })).body;
  });
  afterAll(() => t.cleanup());

  /** Uploads while sampling the heap of this process (the server runs in it). */
  async function uploadMeasured(bytes: Buffer, lang: 'en' | 'ar' = 'en') {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    try {
      const res = await t.api.call(endpoints.uploadRoomType, { token, lang, form: fileForm(bytes, 'bomb.xlsx', XLSX) });
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      return { res, heapGrowthMb: (peak - before) / (1024 * 1024) };
    } finally {
      clearInterval(sampler);
    }
  }

  /** The template with one good row, its shared strings replaced by `part`. */
  async function workbookWith(replace: (parts: Part[]) => Part[]): Promise<Buffer> {
    const good = await fillTemplate(template, [['BOMB', 'Bomb room', 'غرفة']]);
    return writeZip(replace(await partsOf(good)));
  }
  const withSharedStrings = (part: Part) => (parts: Part[]) => {
    const rest = parts.filter((p) => p.name !== part.name);
    return [...rest.slice(0, 2), part, ...rest.slice(2)];
  };

  it('a 4 GB shared-strings part in a few MB is refused with 413 and a message, and the heap stays put', async () => {
    const bomb = await workbookWith(withSharedStrings(sharedStringsBomb(238)));
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const { res, heapGrowthMb } = await uploadMeasured(bomb);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The workbook is too large once unpacked (at most 100 MB, 200000 rows and 2000000 cells): split it into smaller files');
    expect(heapGrowthMb).toBeLessThan(100);
    const ar = await uploadMeasured(bomb, 'ar');
    expect(ar.res.body.message).toContain('المصنف كبير جدًا بعد فك ضغطه');
  });

  it('a bomb whose central directory claims a small size is stopped at that size', async () => {
    const lying = { ...sharedStringsBomb(238), size: 1000 };
    const { res, heapGrowthMb } = await uploadMeasured(await workbookWith(withSharedStrings(lying)));
    expect(res.status).toBe(413);
    expect(heapGrowthMb).toBeLessThan(100);
  });

  it('too many shared strings (small ones, few bytes) are refused too', async () => {
    const strings = Buffer.from(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t>a</t></si>'.repeat(600_000)}</sst>`);
    const { res } = await uploadMeasured(await workbookWith(withSharedStrings(partOf('xl/sharedStrings.xml', strings))));
    expect(res.status).toBe(413);
  });

  it('a part hidden from the central directory (read by a streaming reader) is refused', async () => {
    const hidden = { ...sharedStringsBomb(238), name: 'xl/worksheets/sheet9.xml', hidden: true };
    const { res, heapGrowthMb } = await uploadMeasured(await workbookWith((parts) => [hidden, ...parts]));
    expect(res.status).toBe(415);
    expect(heapGrowthMb).toBeLessThan(100);
  });

  it('a normal workbook, rewritten the same way, still imports', async () => {
    const { res } = await uploadMeasured(await workbookWith((parts) => parts));
    expect(res.status).toBe(200);
    const list = await t.api.call(endpoints.roomType.list, { token });
    expect(list.body.map((r: { roomTypeCode: string }) => r.roomTypeCode)).toContain('BOMB');
  });
});
