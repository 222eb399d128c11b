import { visit, isMap, type Document } from 'yaml';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { createLineIndex } from '../../diagnostics/line-index';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { getKeyText, getNodeRange } from './yaml-nodes';

/**
 * Every key written more than once in one mapping, reported at the repeated key
 * (not only the first repeat of the file: each mapping, each repeat). The parser's
 * own check is turned off because it reports a one-character position only.
 */
export function findDuplicateKeys(doc: Document, text: string, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const lines = createLineIndex(text);
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      const firstSeen = new Map<string, unknown>();
      for (const pair of map.items) {
        const key = getKeyText(pair.key);
        if (key === undefined) continue;
        const first = firstSeen.get(key);
        if (first === undefined) {
          firstSeen.set(key, pair.key);
          continue;
        }
        const firstRange = getNodeRange(first, text);
        const where = firstRange ? ` (first on line ${lines.positionAt(firstRange.start).line})` : '';
        diagnostics.push(
          createDiagnostic(
            'DUPLICATE_KEY',
            file,
            `the key '${key}' is written twice in this mapping${where}`,
            {
              range: getNodeRange(pair.key, text),
            },
          ),
        );
      }
    },
  });
  return diagnostics;
}
