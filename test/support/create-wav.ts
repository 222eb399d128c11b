/**
 * A 16-bit PCM WAV file of silence, for tests (and for examples written by tests).
 * `listChunkBytes`: a LIST chunk of that size (odd sizes get their pad byte) between fmt and data.
 */
export function createWav(shape: {
  channels: number;
  rate: number;
  seconds: number;
  listChunkBytes?: number;
}): Buffer {
  const blockAlign = shape.channels * 2;
  const dataBytes = Math.round(shape.seconds * shape.rate) * blockAlign;
  const list = shape.listChunkBytes ?? 0;
  const listTotal = list === 0 ? 0 : 8 + list + (list % 2);
  const bytes = Buffer.alloc(44 + listTotal + dataBytes);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length - 8, 4);
  bytes.write('WAVEfmt ', 8, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(shape.channels, 22);
  bytes.writeUInt32LE(shape.rate, 24);
  bytes.writeUInt32LE(shape.rate * blockAlign, 28);
  bytes.writeUInt16LE(blockAlign, 32);
  bytes.writeUInt16LE(16, 34);
  if (list > 0) {
    bytes.write('LIST', 36, 'latin1');
    bytes.writeUInt32LE(list, 40);
  }
  bytes.write('data', 36 + listTotal, 'latin1');
  bytes.writeUInt32LE(dataBytes, 40 + listTotal);
  return bytes;
}
