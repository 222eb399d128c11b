import { readWavHeader } from './read-wav-header';
import { createWav } from '../../../test/support/create-wav';

describe('readWavHeader', () => {
  it('reads channels, rate and the duration of the data chunk', () => {
    expect(readWavHeader(createWav({ channels: 2, rate: 16000, seconds: 1.5 }))).toEqual({
      channels: 2,
      samplingRateHz: 16000,
      bitsPerSample: 16,
      durationSeconds: 1.5,
    });
  });

  it('skips the chunks between fmt and data', () => {
    const header = readWavHeader(createWav({ channels: 1, rate: 8000, seconds: 2, listChunkBytes: 11 }));
    expect(header).toMatchObject({ channels: 1, samplingRateHz: 8000, durationSeconds: 2 });
  });

  it('says why other bytes are no WAV file', () => {
    expect(readWavHeader(Buffer.from('ID3 not a wave at all'))).toBe('not a RIFF/WAVE file');
    const noData = createWav({ channels: 1, rate: 8000, seconds: 0 }).subarray(0, 36);
    expect(readWavHeader(noData)).toBe("it has no 'data' chunk");
  });
});
