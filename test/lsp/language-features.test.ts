import type { CompletionItem, Hover, Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadRuleSnapshot } from '../../src/rules/load';
import { positionIn, type LspClient } from '../support/lsp-client';
import { useExamplesServer } from '../support/lsp-examples-server';

const server = useExamplesServer();
const { file, read } = server;
let client: LspClient;
beforeAll(() => {
  client = server.client();
});

describe('completion, hover, definition', () => {
  const rules = () => file('fraud-and-spoofing', 'risk.yaml');

  /** Opens risk.yaml with `line` inserted after the line holding `after`; returns where `|` was. */
  async function openWith(after: string, line: string) {
    const original = read(rules());
    const at = original.indexOf('\n', original.indexOf(after)) + 1;
    const inserted = line.replace('|', '');
    const text = original.slice(0, at) + inserted + '\n' + original.slice(at);
    await client.open(rules(), text);
    return positionIn(text, at + line.indexOf('|'));
  }

  const labels = (items: CompletionItem[]) => items.map((i) => i.label);
  const completeAt = (at: { line: number; character: number }, file = rules()) =>
    client.request<CompletionItem[]>('textDocument/completion', file, at.line, at.character);

  it("lists the catalog's events after on:, with their descriptions", async () => {
    const at = await openWith('  - id: fraudster-suspected', '    on: |');
    const items = await completeAt(at);
    expect(labels(items)).toEqual(expect.arrayContaining(['CALL_STARTED', 'VERIFY_COMPLETED', 'CALL_ENDED']));
    expect(items.find((i) => i.label === 'CALL_STARTED')?.documentation).toMatchObject({
      value: 'first event of every call session',
    });
  });

  it('lists an action, then its parameters with the required ones first', async () => {
    const at = await openWith('        - action: NotifyAgent', '          parameters: { |');
    const items = await completeAt(at);
    expect(labels(items)[0]).toBe('message');
    expect(items[0]).toMatchObject({ detail: 'required' });
  });

  it('offers nodes, template variables and named conditions', async () => {
    let at = await openWith('    then:', '      disable: [|]');
    let items = await completeAt(at);
    expect(labels(items)).toEqual(expect.arrayContaining(['Verify', 'Enroll', 'Train']));
    at = await openWith('    if: { ref: qa-test-call }', '    if2: { ref: | }');
    items = await completeAt(at);
    expect(labels(items)).toEqual(['qa-test-call', 'fraud-hit', 'spoof-hit', 'high-risk', 'on-hold']);
    at = await openWith('    then:', '      x: "${fraud.sc|}"');
    items = await completeAt(at);
    expect(labels(items)).toContain('fraud.score');
  });

  it('describes an event, a variable and an operator on hover', async () => {
    const text = read(rules());
    await client.open(rules(), text);
    const positionOf = (needle: string, delta = 1) => {
      const { line, character } = positionIn(text, text.indexOf(needle) + delta);
      return [line, character] as const;
    };
    const hover = async (needle: string, delta?: number) =>
      (
        (await client.request<Hover>('textDocument/hover', rules(), ...positionOf(needle, delta)))
          ?.contents as {
          value: string;
        }
      )?.value;
    expect(await hover('FRAUD_CHECK_COMPLETED')).toContain(
      'fraudster (watchlist) detection produced a result',
    );
    expect(await hover('fraud.score, gt')).toContain('similarity with the closest watchlist voice');
    expect(await hover('regex:')).toContain('**operator** `regex`');
  });

  it('jumps from a ref to its named condition, and from a rule id of a scenario to the rule', async () => {
    const text = read(rules());
    await client.open(rules(), text);
    const definitionAt = (file: string, at: { line: number; character: number }) =>
      client.request<Location>('textDocument/definition', file, at.line, at.character);
    const found = await definitionAt(
      rules(),
      positionIn(text, text.indexOf('ref: fraud-hit') + 'ref: f'.length),
    );
    expect(found.uri).toBe(client.uriOf(rules()));
    expect(text.split('\n')[found.range.start.line]).toMatch(/^ {2}fraud-hit:/);

    const scenario = file('fraud-and-spoofing', 'risk.test.yaml');
    const scenarioText = read(scenario);
    await client.open(scenario, scenarioText);
    const id = scenarioText.indexOf('fraud-and-spoofing/spoof-suspected') + 3;
    const target = await definitionAt(scenario, positionIn(scenarioText, id));
    expect(target.uri).toBe(client.uriOf(rules()));
    expect(text.split('\n')[target.range.start.line]).toContain('- id: spoof-suspected');
  });

  it('completes rule ids in scenario expectations', async () => {
    const scenario = file('fraud-and-spoofing', 'risk.test.yaml');
    const text = read(scenario).replace(
      'fired: [fraud-and-spoofing/spoof-suspected]',
      'fired: [fraud-and-spoofing/]',
    );
    await client.open(scenario, text);
    const offset = text.indexOf('fired: [fraud-and-spoofing/]') + 'fired: [fraud-and-spoofing/'.length;
    const items = await completeAt(positionIn(text, offset), scenario);
    expect(labels(items)).toEqual(
      expect.arrayContaining(['fraud-and-spoofing/spoof-suspected', 'fraud-and-spoofing/skip-qa-test-calls']),
    );
  });

  it("completes variables as keys of set and a scenario's event names", async () => {
    let at = await openWith('    then:', '      set:\n        risk.|');
    expect(labels(await completeAt(at))).toEqual(expect.arrayContaining(['risk.level', 'risk.reason']));
    const scenario = file('fraud-and-spoofing', 'risk.test.yaml');
    const text = read(scenario).replace('event: SPOOF_CHECK_COMPLETED', 'event: SPOOF_');
    await client.open(scenario, text);
    at = positionIn(text, text.indexOf('event: SPOOF_') + 'event: SPOOF_'.length);
    expect(labels(await completeAt(at, scenario))).toContain('SPOOF_CHECK_COMPLETED');
  });

  it('offers the values the catalog declares, with their descriptions, in conditions, set and scenarios', async () => {
    let at = await openWith('  high-risk:', '  doubtful: { var: verify.decision, equals: | }');
    const items = await completeAt(at);
    expect(labels(items)).toEqual(['MATCH', 'MISMATCH', 'UNCERTAIN', 'INCONCLUSIVE']);
    expect(items[1]).toMatchObject({ documentation: { value: "The voice is someone else's." } });
    at = await openWith('    then:', '      set:\n        risk.level: |');
    expect(labels(await completeAt(at))).toEqual(['LOW', 'PENDING', 'UNVERIFIED', 'HIGH', 'TEST']);
    const scenario = file('fraud-and-spoofing', 'risk.test.yaml');
    const text = read(scenario).replace('spoof.decision: GENUINE,', 'spoof.decision: ,');
    await client.open(scenario, text);
    at = positionIn(text, text.indexOf('spoof.decision: ,') + 'spoof.decision: '.length);
    expect(labels(await completeAt(at, scenario))).toEqual(['GENUINE', 'SPOOF', 'INCONCLUSIVE']);
  });

  it('finds every use of a named condition and renames it in one edit that validate accepts', async () => {
    const text = read(rules());
    await client.open(rules(), text);
    const at = positionIn(text, text.indexOf('ref: fraud-hit') + 'ref: fr'.length);
    const uses = await client.request<Location[]>('textDocument/references', rules(), at.line, at.character, {
      context: { includeDeclaration: true },
    });
    expect(uses).toHaveLength(text.match(/^ {2}fraud-hit:| ref: fraud-hit\b/gm)!.length);
    const range = await client.request<Range>('textDocument/prepareRename', rules(), at.line, at.character);
    expect(range).toMatchObject({ start: { line: at.line }, end: { line: at.line } });
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', rules(), at.line, at.character, {
      newName: 'watchlist-hit',
    });
    const document = TextDocument.create(client.uriOf(rules()), 'yaml', 1, text);
    const renamed = TextDocument.applyEdits(document, edit.changes![client.uriOf(rules())]!);
    expect(renamed).not.toContain('fraud-hit');
    const loaded = loadRuleSnapshot({ ruleFiles: [{ file: 'risk.yaml', text: renamed }], diagnostics: [] });
    expect(loaded.diagnostics).toEqual([]);
    const idAt = positionIn(text, text.indexOf('- id: fraudster-suspected') + 8);
    expect(await client.request('textDocument/prepareRename', rules(), idAt.line, idAt.character)).toBeNull();
  });
});
