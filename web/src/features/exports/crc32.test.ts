import { describe, expect, it } from 'vitest';
import { crc32, crc32Combine } from './crc32.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('CRC-32', () => {
  it('gives the standard check value and empty input 0', () => {
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('carries on from a previous CRC, and combines two parts without the first', () => {
    const head = bytes('<worksheet><cols/>');
    const rows = bytes('<row r="1"><c><v>1</v></c></row>'.repeat(1000));
    const whole = crc32(rows, crc32(head));
    expect(whole).toBe(crc32(bytes(`<worksheet><cols/>${'<row r="1"><c><v>1</v></c></row>'.repeat(1000)}`)));
    expect(crc32Combine(crc32(head), crc32(rows), rows.length)).toBe(whole);
    expect(crc32Combine(crc32(head), 0, 0)).toBe(crc32(head));
  });
});
