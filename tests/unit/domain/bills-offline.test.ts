import { describe, expect, it, vi } from 'vitest';
import { parseBillFile, XLSX_READER_UNAVAILABLE } from '../../../src/domain/bills/parse';
import { wechatCsvBytes, wechatXlsxBytes } from '../../fixtures/bills';

// The XLSX reader is not in the offline copy (vite.config.ts): offline, before the first
// import of an .xlsx bill has fetched it, its import fails. The user is told why and what to
// do; a CSV bill still reads.
vi.mock('@e965/xlsx/dist/xlsx.mini.min', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('an .xlsx bill while its reader cannot be fetched', () => {
  it('says to go online or import the CSV bill, which still reads', async () => {
    expect(await parseBillFile(wechatXlsxBytes())).toEqual({
      ok: false,
      message: XLSX_READER_UNAVAILABLE,
    });
    expect(XLSX_READER_UNAVAILABLE).toMatch(/联网/);
    expect(await parseBillFile(wechatCsvBytes())).toMatchObject({ ok: true, source: 'wechat' });
  });
});
