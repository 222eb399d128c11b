import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { toJsonDiagnostics } from '../../src/diagnostics';
import { loadRules } from '../../src/rules/load';
import type { LspClient } from '../support/lsp-client';
import { useExamplesServer } from '../support/lsp-examples-server';

/**
 * The checks for typos that pass as valid YAML (a misspelled brace alternative in `on`, a set of the
 * engine's own variable, a comma cutting an unquoted value, list and number operands, a backreference),
 * as an editor shows them: where `validate` puts them, and each quick fix writing what works.
 */
const server = useExamplesServer();
const { file, read } = server;
const RULES = 'fixtures/typo-checks/rules.yaml';
let client: LspClient;
beforeAll(() => {
  client = server.client();
});

const at = (d: Diagnostic) => `${String(d.code)} ${d.range.start.line + 1}:${d.range.start.character + 1}`;

async function codeActionsOf(d: Diagnostic): Promise<CodeAction[]> {
  return client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: client.uriOf(file(RULES)) },
    range: d.range,
    context: { diagnostics: [d] },
  });
}

describe('typo checks in the editor', () => {
  it("shows validate's diagnostics, at the same places, did-you-mean in the message", async () => {
    const loaded = await loadRules([file('fixtures/typo-checks')], { cwd: file() });
    const expected = toJsonDiagnostics(loaded.diagnostics, loaded.sources);
    await client.open(file(RULES), read(file(RULES)));
    const shown = await client.diagnosticsOf(file(RULES), (d) => d.length === expected.length);
    expect(shown.map(at)).toEqual([
      'UNKNOWN_EVENT 4:11',
      'ENGINE_VARIABLE 6:14',
      'UNQUOTED_COMMA 7:18',
      'INVALID_TYPE 11:35',
      'NON_NUMERIC_OPERAND 12:36',
      'REGEX_UNSUPPORTED 13:39',
    ]);
    expect(shown.map(at)).toEqual(expected.map((d) => `${d.code} ${d.line}:${d.col}`));
    expect(shown.map((d) => d.message)).toEqual(
      expected.map((d) => (d.suggestion ? `${d.message}; did you mean '${d.suggestion}'?` : d.message)),
    );
    expect(shown[0]!.message).toContain("did you mean 'VOICE_VERIFICATION_COMPLETED'?");
    expect(shown[1]).toMatchObject({ severity: 2 });
    expect(shown[1]!.message).toContain("'state.currentEvent' belongs to the engine");
  });

  it('fixes each typo in one click, and the fixed file has none left', async () => {
    const original = read(file(RULES));
    await client.open(file(RULES), original);
    let text = original;
    // Fix one at a time, the last first, so that earlier ranges stay valid.
    const shown = await client.diagnosticsOf(file(RULES), (d) => d.length === 6);
    for (const d of [...shown].reverse()) {
      const actions = await codeActionsOf(d);
      if (d.code === 'ENGINE_VARIABLE') {
        expect(actions).toEqual([]);
        continue;
      }
      const [edit] = actions[0]!.edit!.changes![client.uriOf(file(RULES))]!;
      text = applyEdit(text, edit!.range, edit!.newText);
    }
    expect(text).toContain('on: "{VOICE_VERIFICATION_COMPLETED,CALL_ENDED}"');
    expect(text).toContain('{ id: comma, description: "Why, for the audit log.", then:');
    expect(text).toContain('{ var: verify.decision, in: [MISMATCH, UNCERTAIN] }');
    expect(text).toContain('lt: "0.35"');
    expect(text).toContain("regex: '^(?:00|11|22|33|44|55|66|77|88|99)$'");
    await client.change(file(RULES), text);
    const left = await client.diagnosticsOf(file(RULES), (d) => d.length === 1);
    expect(left.map(at)).toEqual(['ENGINE_VARIABLE 6:14']);
    await client.change(file(RULES), original);
  });
});

function applyEdit(
  text: string,
  range: { start: { line: number; character: number }; end: { line: number; character: number } },
  newText: string,
): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) =>
    lines.slice(0, p.line).reduce((sum, line) => sum + line.length + 1, 0) + p.character;
  return text.slice(0, offset(range.start)) + newText + text.slice(offset(range.end));
}
