import { parseRecognizerOutput } from './parse-recognizer-output';

describe('parseRecognizerOutput', () => {
  it('reads the timed words, dropping sentence marks, silences and fillers, reducing alternates', () => {
    const stdout = [
      'drop a soda',
      '<s> 0.000 0.460 0.999200',
      'drop 0.470 0.970 0.805393',
      '<sil> 1.040 1.400 0.999500',
      '[NOISE] 1.400 1.410 0.5',
      'the(2) 1.920 2.200 0.055098',
      '</s> 2.370 2.760 1.000000',
      '',
    ].join('\n');
    expect(parseRecognizerOutput(stdout)).toEqual([
      { text: 'drop', start: 0.47, end: 0.97, confidence: 0.805393 },
      { text: 'the', start: 1.92, end: 2.2, confidence: 0.055098 },
    ]);
  });

  it('finds no words in output without timed lines', () => {
    expect(parseRecognizerOutput('just a hypothesis\n')).toEqual([]);
  });
});
