import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { toJsonDiagnostics } from '../../src/diagnostics';
import { loadRules } from '../../src/rules/load';
import type { LspClient } from '../support/lsp-client';
import { useExamplesServer } from '../support/lsp-examples-server';

/** What an editor shows of a diagnostic, in `validate --format json`'s terms (1-based, end exclusive). */
function asValidateWould(d: Diagnostic) {
  return {
    code: d.code,
    severity: d.severity === 1 ? 'error' : 'warning',
    line: d.range.start.line + 1,
    col: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endCol: d.range.end.character + 1,
  };
}

async function validateJson(root: string, dir: string) {
  const loaded = await loadRules([dir], { cwd: root });
  return toJsonDiagnostics(loaded.diagnostics, loaded.sources);
}

const server = useExamplesServer();
const { file, read } = server;
let client: LspClient;
beforeAll(() => {
  client = server.client();
});

describe('diagnostics', () => {
  it.each(['fraud-and-spoofing', 'enrollment-after-opt-in', 'noise-reduction'])(
    'shows none for the example pack %s (rules, catalog and scenario files)',
    async (pack) => {
      const names = ['catalog.yaml', ...readdirYaml(file(pack))];
      for (const name of names) await client.open(file(pack, name), read(file(pack, name)));
      for (const name of names)
        expect({ name, diagnostics: await client.diagnosticsOf(file(pack, name)) }).toEqual({
          name,
          diagnostics: [],
        });
    },
  );

  it.each([
    'catalog-mistakes',
    'quick-fixes',
    'bad-catalog',
    'duplicate-ruleset',
    'never-holds',
    'swallowed-events',
    'catalog-values',
    'bad-declarations',
  ])(
    "are exactly validate --format json's for every file of the pack %s, did-you-mean in the message",
    async (pack) => {
      const expected = await validateJson(file(), `fixtures/${pack}`);
      expect(expected.length).toBeGreaterThan(0);
      const files = [...new Set(expected.map((d) => d.file))];
      const opened = files.find((f) => !f.endsWith('catalog.yaml')) ?? files[0]!;
      await client.open(file(opened), read(file(opened)));
      for (const shownFile of files) {
        const mine = expected.filter((d) => d.file === shownFile);
        const shown = await client.diagnosticsOf(file(shownFile), (d) => d.length === mine.length);
        expect(shown.map(asValidateWould)).toEqual(
          mine.map(({ code, severity, line, col, endLine, endCol }) => ({
            code,
            severity,
            line,
            col,
            endLine,
            endCol,
          })),
        );
        expect(shown.map((d) => d.message)).toEqual(
          mine.map((d) => (d.suggestion ? `${d.message}; did you mean '${d.suggestion}'?` : d.message)),
        );
        expect(shown.every((d) => d.source === 'rulehook')).toBe(true);
      }
    },
  );

  it('appear while typing, and the quick fix of a typo clears them', async () => {
    const rules = file('fraud-and-spoofing', 'risk.yaml');
    const original = read(rules);
    await client.open(rules, original);
    await client.diagnosticsOf(rules, (d) => d.length === 0);
    const typo = original.replace(
      'on: [FRAUD_CHECK_COMPLETED, VERIFY_COMPLETED]',
      'on: [FRAUD_CHECK_COMPLETD, VERIFY_COMPLETED]',
    );
    expect(typo).not.toBe(original);
    await client.change(rules, typo);
    const [warning] = await client.diagnosticsOf(rules, (d) => d.length === 1);
    expect(warning).toMatchObject({ code: 'UNKNOWN_EVENT', severity: 2 });
    expect(warning!.message).toContain("did you mean 'FRAUD_CHECK_COMPLETED'?");

    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: client.uriOf(rules) },
      range: warning!.range,
      context: { diagnostics: [warning] },
    });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'quickfix', isPreferred: true });
    const [edit] = actions[0]!.edit!.changes![client.uriOf(rules)]!;
    const fixed = applyEdit(typo, edit!.range, edit!.newText);
    expect(fixed).toBe(original);
    await client.change(rules, fixed);
    expect(await client.diagnosticsOf(rules, (d) => d.length === 0)).toEqual([]);
  });

  it("re-checks the pack's rule files when its catalog is edited", async () => {
    const rules = file('noise-reduction', 'noise.yaml');
    const catalog = file('noise-reduction', 'catalog.yaml');
    await client.open(rules, read(rules));
    await client.diagnosticsOf(rules, (d) => d.length === 0);
    const without = read(catalog).replace(/^ {2}- SESSION_DECIDED .*\n/m, '');
    expect(without).not.toBe(read(catalog));
    await client.open(catalog, read(catalog));
    await client.change(catalog, without);
    const shown = await client.diagnosticsOf(rules, (d) => d.some((x) => x.code === 'UNKNOWN_EVENT'));
    expect(shown.map((d) => d.message).join('\n')).toContain('SESSION_DECIDED');
    await client.change(catalog, read(catalog));
    await client.diagnosticsOf(rules, (d) => d.length === 0);
  });

  it('checks a scenario file against the rules it tests, with the rule id it meant', async () => {
    const scenario = file('fraud-and-spoofing', 'risk.test.yaml');
    const text = read(scenario).replace(
      'fired: [fraud-and-spoofing/spoof-suspected]',
      'fired: [fraud-and-spoofing/spof-suspected]',
    );
    await client.open(scenario, text);
    const [unknown] = await client.diagnosticsOf(scenario, (d) => d.length > 0);
    expect(unknown).toMatchObject({ code: 'UNKNOWN_RULE', severity: 1 });
    expect(unknown!.message).toContain("did you mean 'fraud-and-spoofing/spoof-suspected'?");
    await client.change(scenario, read(scenario));
    await client.diagnosticsOf(scenario, (d) => d.length === 0);
  });

  it("warns about a scenario variable the catalog's declaration does not allow, with the value it meant", async () => {
    const scenario = file('fraud-and-spoofing', 'risk.test.yaml');
    const text = read(scenario).replace('spoof.decision: GENUINE,', 'spoof.decision: GENUNE,');
    expect(text).not.toBe(read(scenario));
    await client.open(scenario, text);
    const [warning] = await client.diagnosticsOf(scenario, (d) => d.length > 0);
    expect(warning).toMatchObject({ code: 'TEST_VALUE_NOT_ALLOWED', severity: 2 });
    expect(warning!.message).toContain("did you mean 'GENUINE'?");
    const line = text.split('\n')[warning!.range.start.line]!;
    expect(line.slice(warning!.range.start.character, warning!.range.end.character)).toBe('GENUNE');
    await client.change(scenario, read(scenario));
    await client.diagnosticsOf(scenario, (d) => d.length === 0);
  });

  it('sees a rule file created on disk when the editor reports it', async () => {
    const added = file('noise-reduction', 'copy.yaml');
    writeFileSync(added, read(file('noise-reduction', 'noise.yaml')));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uriOf(added), type: 1 }],
    });
    // Reported where the second definition is: copy.yaml sorts first.
    const first = file('noise-reduction', 'noise.yaml');
    const [duplicate] = await client.diagnosticsOf(first, (d) => d.length > 0);
    expect(duplicate).toMatchObject({ code: 'DUPLICATE_RULESET' });
    expect(duplicate!.relatedInformation?.[0]?.location.uri).toBe(client.uriOf(added));
    rmSync(added);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: client.uriOf(added), type: 3 }],
    });
    await client.diagnosticsOf(first, (d) => d.length === 0);
  });
});

function readdirYaml(dir: string): string[] {
  return readdirSync(dir).filter((name) => /\.ya?ml$/.test(name) && name !== 'catalog.yaml');
}

function applyEdit(text: string, range: Diagnostic['range'], newText: string): string {
  const offsetOf = (p: { line: number; character: number }) =>
    text
      .split('\n')
      .slice(0, p.line)
      .reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(0, offsetOf(range.start)) + newText + text.slice(offsetOf(range.end));
}
