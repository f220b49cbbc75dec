import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

/**
 * A small ZIP reader for one job: EDGAR's nightly companyfacts.zip (~1.3 GB compressed, ~19,000 JSON entries), read
 * entry by entry without holding the archive in memory and without a dependency. It reads the central directory
 * (ZIP64 too: the archive may pass 4 GB), then each entry's local header and its data at the recorded offset,
 * inflating stored (0) or deflated (8) entries. Encrypted or other methods are refused by name.
 */

export interface ZipEntry {
  name: string;
  compressedSize: number;
  size: number;
  method: number;
  offset: number;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

type Handle = Awaited<ReturnType<typeof open>>;

async function readAt(fh: Handle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) throw new ZipFormatError(`the archive ends at byte ${position + done}, before the ${length} bytes wanted at ${position}`);
    done += bytesRead;
  }
  return buf;
}

/** The central directory's place and size, from the end-of-central-directory record (and its ZIP64 form). */
async function findCentralDirectory(fh: Handle, fileSize: number): Promise<{ offset: number; size: number; count: number }> {
  // The record is 22 bytes plus a comment of up to 65,535: search the tail backwards for its signature.
  const tailLength = Math.min(fileSize, 22 + 65_535);
  const tail = await readAt(fh, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw new ZipFormatError('no end-of-central-directory record: not a ZIP archive, or a cut one');
  let count = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (offset === 0xffffffff || size === 0xffffffff || count === 0xffff) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR) throw new ZipFormatError('a ZIP64 archive without its locator');
    const z64 = await readAt(fh, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
    if (z64.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipFormatError('the ZIP64 end-of-central-directory record is missing');
    count = Number(z64.readBigUInt64LE(32));
    size = Number(z64.readBigUInt64LE(40));
    offset = Number(z64.readBigUInt64LE(48));
  }
  return { offset, size, count };
}

/** The ZIP64 extra field's sizes and offset, where the 32-bit fields say 0xFFFFFFFF. */
function readZip64Extra(extra: Buffer, e: ZipEntry): void {
  for (let i = 0; i + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(i);
    const len = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let p = i + 4;
      if (e.size === 0xffffffff) {
        e.size = Number(extra.readBigUInt64LE(p));
        p += 8;
      }
      if (e.compressedSize === 0xffffffff) {
        e.compressedSize = Number(extra.readBigUInt64LE(p));
        p += 8;
      }
      if (e.offset === 0xffffffff) e.offset = Number(extra.readBigUInt64LE(p));
      return;
    }
    i += 4 + len;
  }
}

function parseCentralDirectory(cd: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError(`central directory entry ${n + 1} of ${count} is damaged`);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const e: ZipEntry = {
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      offset: cd.readUInt32LE(p + 42),
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (cd.readUInt16LE(p + 8) & 1) throw new ZipFormatError(`${e.name} is encrypted`);
    readZip64Extra(cd.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), e);
    entries.push(e);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The archive's entries as its central directory lists them (names, sizes), without reading any data. */
export async function listZipEntries(path: string): Promise<ZipEntry[]> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const cd = await findCentralDirectory(fh, size);
    return parseCentralDirectory(await readAt(fh, cd.offset, cd.size), cd.count);
  } finally {
    await fh.close();
  }
}

/**
 * Each entry's uncompressed bytes, one at a time, in the central directory's order; `wanted` skips an entry
 * before its data is read (the backfill's `--only`). A size that does not match the directory is an error.
 */
export async function* readZipEntries(path: string, wanted: (name: string) => boolean = () => true): AsyncGenerator<{ name: string; data: Buffer }> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const cd = await findCentralDirectory(fh, size);
    for (const e of parseCentralDirectory(await readAt(fh, cd.offset, cd.size), cd.count)) {
      if (e.name.endsWith('/') || !wanted(e.name)) continue;
      const local = await readAt(fh, e.offset, 30);
      if (local.readUInt32LE(0) !== LOCAL) throw new ZipFormatError(`${e.name}: no local header at byte ${e.offset}`);
      const dataAt = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const raw = await readAt(fh, dataAt, e.compressedSize);
      let data: Buffer;
      if (e.method === 0) data = raw;
      else if (e.method === 8) data = inflateRawSync(raw);
      else throw new ZipFormatError(`${e.name}: compression method ${e.method} is not supported (only stored and deflate)`);
      if (data.length !== e.size) throw new ZipFormatError(`${e.name}: ${data.length} bytes inflated, the directory says ${e.size}`);
      yield { name: e.name, data };
    }
  } finally {
    await fh.close();
  }
}
