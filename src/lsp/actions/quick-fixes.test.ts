import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLineIndex, type DiagnosticCode } from '../../diagnostics';
import { loadRuleSnapshot, readRuleSnapshot } from '../../rules/load';
import { toLspDiagnostic } from '../diagnostics/to-lsp-diagnostic';
import { createQuickFixes } from './quick-fixes';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/rules');
const PACK = 'quick-fixes';
const RULES = `${PACK}/rules.yaml`;

/** The fixture pack with `text` as its rule file. */
async function load(text?: string) {
  const snapshot = await readRuleSnapshot([PACK], { cwd: FIXTURES });
  if (text !== undefined) snapshot.ruleFiles = [{ file: RULES, text }];
  return loadRuleSnapshot(snapshot);
}

describe('createQuickFixes', () => {
  const text = readFileSync(path.join(FIXTURES, RULES), 'utf8');
  const document = TextDocument.create('file:///rules.yaml', 'yaml', 1, text);
  const lines = createLineIndex(text);

  it('fixes every diagnostic that has a did-you-mean, each alone: it is no longer reported', async () => {
    const suggested = (await load()).diagnostics.filter(
      (d) => d.file === RULES && d.suggestion !== undefined,
    );
    expect(suggested.map((d) => d.code).sort()).toEqual(
      expect.arrayContaining([
        'CHANGED_MATCHES_NO_VARIABLE',
        'INVALID_TYPE',
        'UNKNOWN_EVENT',
        'UNKNOWN_VARIABLE',
      ]),
    );
    expect(suggested.length).toBeGreaterThanOrEqual(14);
    for (const diagnostic of suggested) {
      const [fix, ...more] = createQuickFixes(document, [
        toLspDiagnostic(diagnostic, lines, () => undefined),
      ]);
      expect(more).toEqual([]);
      const edits = fix!.edit!.changes!['file:///rules.yaml']!;
      const fixed = TextDocument.applyEdits(document, edits);
      const after = (await load(fixed)).diagnostics;
      const still = after.filter(
        (d) => d.code === diagnostic.code && d.range?.start === diagnostic.range?.start,
      );
      expect({ fixed: diagnostic.message, still }).toEqual({ fixed: diagnostic.message, still: [] });
      expect(fixed).toContain(diagnostic.suggestion);
    }
  });

  it('keeps the quotes around a name, and drops those that made a boolean text', () => {
    const fixesOf = (code: DiagnosticCode, written: string) => {
      const start = text.indexOf(written);
      const diagnostic = {
        code,
        severity: 'error' as const,
        message: 'm',
        file: RULES,
        range: { start, end: start + written.length },
      };
      const suggestion = { '"HEARTBAET*"': 'HEARTBEAT*', '"true"': 'true' }[written]!;
      const [fix] = createQuickFixes(document, [
        toLspDiagnostic({ ...diagnostic, suggestion }, lines, () => undefined),
      ]);
      return TextDocument.applyEdits(document, fix!.edit!.changes!['file:///rules.yaml']!);
    };
    expect(fixesOf('ON_MATCHES_NO_EVENT', '"HEARTBAET*"')).toContain('"HEARTBEAT*"]');
    expect(fixesOf('INVALID_TYPE', '"true"')).toContain('stop: true\n');
  });

  it('offers nothing for diagnostics of other sources or without a suggestion', () => {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };
    expect(
      createQuickFixes(document, [{ range, message: 'x', source: 'yaml', data: { suggestion: 'y' } }]),
    ).toEqual([]);
    expect(createQuickFixes(document, [{ range, message: 'x', source: 'rulehook' }])).toEqual([]);
  });
});
