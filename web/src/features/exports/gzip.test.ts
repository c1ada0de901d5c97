import { describe, expect, it } from 'vitest';
import { inflateSync } from 'fflate';
import { crc32 } from './crc32.js';
import { deflate, deflateOfGzip } from './gzip.js';
import { joinParts } from './xlsx.fixture.js';

const text = new TextEncoder().encode('<row><c><v>42</v></c></row>'.repeat(5000));

describe('DEFLATE by the browser', () => {
  it("gives raw DEFLATE data and the CRC-32 and size of what went in", async () => {
    const result = await deflate(text);
    expect(inflateSync(joinParts(result.chunks))).toEqual(text);
    expect(result).toMatchObject({ crc: crc32(text), size: text.length });
  });

  it('finds the data after optional gzip header fields, wherever the chunks split', async () => {
    const plain = joinParts((await deflate(text)).chunks);
    const trailer = [...new Uint8Array(new Uint32Array([crc32(text), text.length]).buffer)];
    // FEXTRA (2 bytes), FNAME and FCOMMENT, each zero-terminated, and FHCRC.
    const header = [0x1f, 0x8b, 8, 4 | 8 | 16 | 2, 0, 0, 0, 0, 0, 3, 2, 0, 9, 9, ...new TextEncoder().encode('rows.xml'), 0, 0x41, 0, 0x12, 0x34];
    const member = joinParts([new Uint8Array(header), plain, new Uint8Array(trailer)]);
    const chunks = [member.subarray(0, 3), member.subarray(3, 20), member.subarray(20, member.length - 5), member.subarray(member.length - 5)];
    const result = deflateOfGzip(chunks);
    expect(result.crc).toBe(crc32(text));
    expect(inflateSync(joinParts(result.chunks))).toEqual(text);
  });

  it('refuses what is not gzip', () => {
    expect(() => deflateOfGzip([new Uint8Array(30)])).toThrow(/Not gzip/);
  });
});
