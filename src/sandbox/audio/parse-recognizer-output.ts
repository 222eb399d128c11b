/** A word the recognizer heard: seconds from the start of the audio, confidence 0 to 1. */
export interface RecognizedWord {
  text: string;
  start: number;
  end: number;
  confidence: number;
}

/** Sentence marks, silence and filler tokens of the en-us model: not words of the speech. */
const isFiller = (token: string): boolean => /^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(token);

/**
 * The words of `pocketsphinx_continuous -time yes` output on stdout: per utterance a
 * hypothesis line, then one `WORD START END PROB` line per segment. Alternate
 * pronunciations (`the(2)`) are reduced to their word; fillers are dropped.
 * Lines of any other shape (the hypothesis lines) are ignored.
 */
export function parseRecognizerOutput(stdout: string): RecognizedWord[] {
  const words: RecognizedWord[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (match === null || isFiller(match[1]!)) continue;
    words.push({
      text: match[1]!.replace(/\(\d+\)$/, ''),
      start: Number(match[2]),
      end: Number(match[3]),
      confidence: Math.min(1, Number(match[4])),
    });
  }
  return words;
}
