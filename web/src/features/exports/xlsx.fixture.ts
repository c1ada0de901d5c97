import { inflateSync } from 'fflate';
import { crc32 } from './crc32.js';

/** The parts a writer returns, as one file. */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}

/**
 * A zip reader of its own for the tests (SheetJS's checks no CRC): every entry of the central
 * directory, inflated with fflate (the file was compressed by the platform's zlib), its size and
 * CRC-32 checked against what the directory says, as unzip and Excel check them.
 */
export function unzipChecked(file: Uint8Array): Record<string, Uint8Array> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const end = file.length - 22; // no archive comment
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error('no end of central directory');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: Record<string, Uint8Array> = {};
  for (let n = 0; n < count; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(file.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`${name}: bad local header`);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const stored = file.subarray(dataStart, dataStart + compressedSize);
    const content = method === 8 ? inflateSync(stored) : method === 0 ? stored : undefined;
    if (!content) throw new Error(`${name}: compression method ${method}`);
    if (content.length !== size) throw new Error(`${name}: ${content.length} bytes, the directory says ${size}`);
    if (crc32(content) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    entries[name] = content;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
