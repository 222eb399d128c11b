/** What the sandbox needs of a WAV file: its shape, not its samples. */
export interface WavHeader {
  channels: number;
  samplingRateHz: number;
  bitsPerSample: number;
  /** Of the audio in the data chunk, in seconds. */
  durationSeconds: number;
}

/**
 * Reads the RIFF/WAVE header of a file's first bytes: the `fmt ` chunk (channels,
 * rate, block size) and the size of the `data` chunk; chunks in between (LIST,
 * fact...) are skipped. Returns a reason instead of throwing for anything else.
 * The data chunk's size may exceed the bytes given: only the header is needed.
 */
export function readWavHeader(bytes: Uint8Array): WavHeader | string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number): string => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return 'not a RIFF/WAVE file';
  let format: (Omit<WavHeader, 'durationSeconds'> & { blockAlign: number }) | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      if (size < 16 || at + 24 > bytes.length) return "its 'fmt ' chunk is truncated";
      format = {
        channels: view.getUint16(at + 10, true),
        samplingRateHz: view.getUint32(at + 12, true),
        blockAlign: view.getUint16(at + 20, true),
        bitsPerSample: view.getUint16(at + 22, true),
      };
    } else if (id === 'data') {
      if (format === undefined) return "its 'data' chunk comes before its 'fmt ' chunk";
      if (format.channels < 1 || format.samplingRateHz < 1 || format.blockAlign < 1)
        return `its 'fmt ' chunk is invalid (${format.channels} channels, ${format.samplingRateHz} Hz)`;
      const { blockAlign, ...shape } = format;
      return { ...shape, durationSeconds: size / blockAlign / format.samplingRateHz };
    }
    at += 8 + size + (size % 2);
  }
  return format === undefined ? "it has no 'fmt ' chunk" : "it has no 'data' chunk";
}
