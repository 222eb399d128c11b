import type { SandboxScenario } from '../scenario/sandbox-scenario';
import type { JsonMessage } from '../wire/proto-json';
import { findCardWords } from './find-card-numbers';
import { answerTranscription, readTranscription } from './transcribe';

/**
 * Redact: Transcribe's answer with the words of every card number (findCardWords)
 * masked (kept, marked MASKED) or redacted (each letter and digit replaced by `#`,
 * marked REDACTED), as the scenario's `configuration.redaction` says; the text
 * is rewritten at the same words. Other words are PLAIN; the text's status is
 * that of its card words, PLAIN when it has none.
 */
export function redact(scenario: SandboxScenario, request: JsonMessage): JsonMessage {
  const transcription = readTranscription(scenario, request);
  const masked = scenario.configuration.redaction === 'masked';
  const marked = masked ? 'REDACTION_STATUS_MASKED' : 'REDACTION_STATUS_REDACTED';
  const cards = findCardWords(transcription.words.map((w) => w.text));
  const hide = (word: string): string => (masked ? word : word.replace(/[\p{L}\p{N}]/gu, '#'));
  const words = transcription.words.map((word, i) => {
    if (!cards.has(i)) return { ...word.details, redaction_status: 'REDACTION_STATUS_PLAIN' };
    return { ...word.details, text: hide(word.text), redaction_status: marked };
  });
  const text = rewriteText(
    transcription.text,
    transcription.words.map((w) => w.text),
    (i, word) => (cards.has(i) ? hide(word) : word),
  );
  return answerTranscription(
    transcription,
    text,
    words,
    cards.size === 0 ? 'REDACTION_STATUS_PLAIN' : marked,
  );
}

/**
 * Applies `change` to each word where it occurs in the text, in order; a word
 * the text does not hold (a transcript whose words differ from its text) leaves
 * the text as the words joined by spaces, so nothing to hide is ever kept.
 */
function rewriteText(
  text: string,
  words: readonly string[],
  change: (i: number, word: string) => string,
): string {
  let out = '';
  let cursor = 0;
  for (const [i, word] of words.entries()) {
    const at = text.indexOf(word, cursor);
    if (at < 0) return words.map((w, k) => change(k, w)).join(' ');
    out += text.slice(cursor, at) + change(i, word);
    cursor = at + word.length;
  }
  return out + text.slice(cursor);
}
