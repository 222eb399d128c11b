import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import type { MediaSpec } from './scenario-spec';

/**
 * A media segment's numbers must describe one audio: a duration (given or read
 * from its WAV file), net audio and initial silence within it, words in order
 * and inside the audio. `media` is the segment with what its WAV file gave filled in.
 */
export function checkMedia(parsed: ParsedYaml, index: number, media: MediaSpec): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const at = (...path: (string | number)[]) => parsed.locate(['media', index, ...path]);
  const inconsistent = (message: string, ...path: (string | number)[]) =>
    diagnostics.push(
      createDiagnostic('SANDBOX_INCONSISTENT_MEDIA', parsed.file, `media '${media.id}': ${message}`, {
        range: at(...path),
      }),
    );
  if (media.duration === undefined) {
    diagnostics.push(
      createDiagnostic('MISSING_KEY', parsed.file, `media '${media.id}' needs 'duration' or 'wav'`, {
        range: at(),
      }),
    );
    return diagnostics;
  }
  const duration = media.duration;
  if (media.net_audio !== undefined && media.net_audio > duration)
    inconsistent(`net_audio ${media.net_audio}s is longer than the segment (${duration}s)`, 'net_audio');
  const silence = media.initial_silence ?? 0;
  if (silence > duration)
    inconsistent(`initial_silence ${silence}s is longer than the segment (${duration}s)`, 'initial_silence');
  let previousEnd = 0;
  (media.transcript?.words ?? []).forEach((word, i) => {
    // A word without its text is the schema's to report; the order checks need to name it.
    if (typeof word.text !== 'string') return;
    const where = ['transcript', 'words', i];
    if (word.end < word.start)
      inconsistent(`word '${word.text}' ends (${word.end}s) before it starts (${word.start}s)`, ...where);
    else if (word.start < previousEnd)
      inconsistent(
        `word '${word.text}' starts (${word.start}s) before the previous word ends (${previousEnd}s)`,
        ...where,
      );
    else if (word.end > duration)
      inconsistent(`word '${word.text}' ends (${word.end}s) after the segment (${duration}s)`, ...where);
    previousEnd = Math.max(previousEnd, word.end);
  });
  return diagnostics;
}
