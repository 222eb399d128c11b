import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findSpeechRecognizer, recognizeSpeech } from './speech-recognizer';

describe('findSpeechRecognizer', () => {
  it('says why there is none: turned off, or the program not on PATH', () => {
    expect(findSpeechRecognizer({ RULEHOOK_NO_ASR: '1', PATH: process.env.PATH })).toBe(
      'RULEHOOK_NO_ASR=1 turns speech recognition off',
    );
    const empty = mkdtempSync(path.join(tmpdir(), 'rulehook-path-'));
    try {
      expect(findSpeechRecognizer({ PATH: empty })).toBe(
        "pocketsphinx_continuous is not on PATH (install Debian's pocketsphinx)",
      );
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});

describe('recognizeSpeech', () => {
  it('rejects a file it cannot convert, naming it, before running the decoder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-asr-test-'));
    const file = path.join(dir, 'broken.wav');
    writeFileSync(file, 'RIFF but not really');
    const recognizer = { program: 'pocketsphinx_continuous', modelDir: dir, name: 'test' };
    try {
      await expect(recognizeSpeech(recognizer, file, undefined)).rejects.toThrow(
        `cannot prepare ${file} for recognition`,
      );
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
