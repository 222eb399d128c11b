import { WaveFile } from 'wavefile';
import { toRecognizerWav } from './to-recognizer-wav';

/** One second of 24-bit stereo at 44.1 kHz: silence on channel 1, a 440 Hz tone on channel 2. */
function createStereo(): Uint8Array {
  const rate = 44100;
  const tone = Array.from({ length: rate }, (_, i) =>
    Math.round(4e6 * Math.sin((2 * Math.PI * 440 * i) / rate)),
  );
  const wav = new WaveFile();
  wav.fromScratch(2, rate, '24', [new Array<number>(rate).fill(0), tone]);
  return wav.toBuffer();
}

const read = (bytes: Uint8Array) => {
  const wav = new WaveFile(bytes);
  const fmt = wav.fmt as { numChannels: number; sampleRate: number };
  const samples = Array.from(wav.getSamples() as unknown as Float64Array);
  return { channels: fmt.numChannels, rate: fmt.sampleRate, bits: wav.bitDepth, samples };
};

describe('toRecognizerWav', () => {
  it('keeps the selected channel, as 16-bit PCM at 16 kHz', () => {
    const tone = read(toRecognizerWav(createStereo(), 2));
    expect({ channels: tone.channels, rate: tone.rate, bits: tone.bits }).toEqual({
      channels: 1,
      rate: 16000,
      bits: '16',
    });
    expect(Math.abs(tone.samples.length - 16000)).toBeLessThanOrEqual(1);
    expect(Math.max(...tone.samples)).toBeGreaterThan(10000);
    expect(Math.max(...read(toRecognizerWav(createStereo(), undefined)).samples.map(Math.abs))).toBe(0);
  });

  it('refuses a channel the file does not have, and bytes that are not a WAV file', () => {
    expect(() => toRecognizerWav(createStereo(), 3)).toThrow('channel 3 asked of a 2-channel file');
    expect(() => toRecognizerWav(new TextEncoder().encode('not audio'), undefined)).toThrow();
  });
});
