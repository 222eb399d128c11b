import { WaveFile } from 'wavefile';

/** What pocketsphinx's en-us acoustic model was trained on: 16 kHz, 16-bit, one channel. */
export const RECOGNIZER_SAMPLING_RATE_HZ = 16000;

/**
 * A WAV file's bytes as the recognizer needs them: the selected channel (1 or
 * 2; the first when undefined) as 16-bit PCM at 16 kHz. Resampling is
 * wavefile's linear interpolation behind its low-pass filter (no aliasing when
 * downsampling): on espeak-ng speech it gave the best word accuracy of
 * wavefile's methods (docs/sandbox.md). Throws an Error saying what is wrong
 * with a file it cannot read.
 */
export function toRecognizerWav(bytes: Uint8Array, channel: number | undefined): Uint8Array {
  const wav = new WaveFile(bytes);
  const { numChannels, sampleRate } = wav.fmt as { numChannels: number; sampleRate: number };
  const index = (channel ?? 1) - 1;
  if (index >= numChannels) throw new Error(`channel ${index + 1} asked of a ${numChannels}-channel file`);
  if (wav.bitDepth !== '16') wav.toBitDepth('16');
  const samples = numChannels === 1 ? wav.getSamples() : wav.getSamples(false)[index];
  const mono = new WaveFile();
  mono.fromScratch(1, sampleRate, '16', samples as unknown as number[]);
  if (sampleRate !== RECOGNIZER_SAMPLING_RATE_HZ)
    mono.toSampleRate(RECOGNIZER_SAMPLING_RATE_HZ, { method: 'linear', LPF: true });
  return mono.toBuffer();
}
