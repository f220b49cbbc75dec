import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTestZip } from '../test/zip-writer.ts';
import { listZipEntries, readZipEntries, ZipFormatError } from './zip-reader.ts';

describe('the zip reader: entry by entry, stored and deflated, a cut archive refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zip-reader-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const json = JSON.stringify({ cik: 320193, facts: { 'us-gaap': { Revenues: { units: { USD: [{ end: '2025-09-27', val: 416161000000 }] } } } } });
  const zip = join(dir, 'companyfacts.zip');
  writeTestZip(zip, [
    { name: 'CIK0000320193.json', data: json },
    { name: 'CIK0000789019.json', data: '{"cik":789019}', store: true },
    { name: 'CIK0001652044.json', data: 'x'.repeat(100_000) },
  ]);

  it('lists the central directory: 3 entries with their sizes (100,000 x deflate to a few hundred bytes)', async () => {
    const entries = await listZipEntries(zip);
    expect(entries.map((e) => [e.name, e.size, e.method])).toEqual([
      ['CIK0000320193.json', Buffer.byteLength(json), 8],
      ['CIK0000789019.json', 14, 0],
      ['CIK0001652044.json', 100_000, 8],
    ]);
    expect(entries[2]!.compressedSize).toBeLessThan(1_000);
  });

  it('reads each entry back byte for byte, and skips an unwanted one before reading it', async () => {
    const read: Array<[string, string]> = [];
    for await (const e of readZipEntries(zip, (name) => name !== 'CIK0001652044.json')) read.push([e.name, e.data.toString('utf8')]);
    expect(read).toEqual([
      ['CIK0000320193.json', json],
      ['CIK0000789019.json', '{"cik":789019}'],
    ]);
  });

  it('an archive cut before its end record is refused as such, not read as empty', async () => {
    const cut = join(dir, 'cut.zip');
    const whole = readFileSync(zip);
    writeFileSync(cut, whole.subarray(0, whole.length - 30));
    await expect(listZipEntries(cut)).rejects.toBeInstanceOf(ZipFormatError);
  });
});
