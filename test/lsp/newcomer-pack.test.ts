import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { JsonDiagnostic } from '../../src/diagnostics';
import { runValidate } from '../../src/cli/commands/validate/validate';
import type { LspClient } from '../support/lsp-client';
import { useExamplesServer } from '../support/lsp-examples-server';

/**
 * A pack written by someone new to rulehook for four business needs (premium
 * re-verification, spoofing, going quiet after verification, enrollment after
 * opt-in), with the mistakes such a person makes: each is reported at its
 * place by `rulehook validate` and, identically, by `rulehook lsp`.
 */
const PACK = 'newcomer-mistakes';

/** `file:line:col CODE`, and a part of the message or the suggestion that says what to do. */
const EXPECTED: [string, string][] = [
  ['enrollment.yaml:10:40 VALUE_NOT_ALLOWED', 'written true or false, so this condition can never hold'],
  ['enrollment.yaml:12:11 CONDITION_NEVER_HOLDS', "cannot both be one of 'NOT_ENROLLED' and equal 'READY'"],
  ['enrollment.yaml:13:32 NUMBER_COMPARISON_ON_TEXT', "declares 'person.optIn' as yes/no"],
  ['enrollment.yaml:19:9 RULE_NEVER_RUNS', "the ruleset's `when` requires state.currentEvent"],
  ['premium.yaml:7:11 UNKNOWN_EVENT', '-> VERIFY_COMPLETED'],
  ['premium.yaml:10:43 VALUE_NOT_ALLOWED', '-> MISMATCH'],
  ['premium.yaml:11:36 NON_NUMERIC_OPERAND', '-> 0.35'],
  ['premium.yaml:18:33 INVALID_TYPE', '-> in'],
  ['premium.yaml:19:32 SET_VALUE_NOT_ALLOWED', '-> HIGH'],
  ['premium.yaml:22:9 CONDITION_NEVER_HOLDS', "(the ruleset's `when`) and equal 'standard'"],
  ['quiet.yaml:9:34 FILTER_DROPS_LISTENED_EVENT', 'quiet/close-the-record (CALL_ENDED)'],
  ['spoofing.yaml:10:11 CONDITION_NEVER_HOLDS', "cannot equal both 'SPOOF' and 'GENUINE'"],
  ['spoofing.yaml:15:45 UNQUOTED_COMMA', '-> description: "Why, for the audit log."'],
  ['spoofing.yaml:21:11 CONDITION_NEVER_HOLDS', 'a number above 5 and be a number below 3'],
  ['spoofing.yaml:22:44 REGEX_UNSUPPORTED', 'for a repeated character, list the repeats'],
  ['spoofing.yaml:23:20 ENGINE_VARIABLE', "such as 'custom.currentEvent'"],
  [
    'spoofing.yaml:29:9 RULE_NEVER_RUNS',
    "the rule 'decided-elsewhere', which runs before it with `stop: true`",
  ],
  ['spoofing.yaml:33:15 GLOB_UNSUPPORTED', '`on` takes'],
  ['newcomer.test.yaml:5:54 TEST_VALUE_NOT_ALLOWED', '-> MISMATCH'],
];

async function validatePack(): Promise<JsonDiagnostic[]> {
  let stdout = '';
  const code = await runValidate([PACK, '--format', 'json'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
    cwd: server.file('fixtures'),
    env: {},
    isTTY: false,
  });
  expect(code).toBe(1);
  return (JSON.parse(stdout) as { diagnostics: JsonDiagnostic[] }).diagnostics;
}

const name = (d: JsonDiagnostic) => `${d.file.slice(PACK.length + 1)}:${d.line}:${d.col} ${d.code}`;
const server = useExamplesServer();
let client: LspClient;
let validated: JsonDiagnostic[];
beforeAll(async () => {
  client = server.client();
  validated = await validatePack();
});

it('validate reports each mistake at its line:col, saying what to do, and nothing else', () => {
  expect(validated.map(name)).toEqual(EXPECTED.map(([at]) => at));
  validated.forEach((d, i) => {
    const [at, says] = EXPECTED[i]!;
    expect({ at, text: `${d.message} -> ${d.suggestion ?? ''}` }).toEqual({
      at,
      text: expect.stringContaining(says),
    });
  });
});

it('the language server shows the same diagnostics in each file, at the same places', async () => {
  const files = [...new Set(validated.map((d) => d.file))];
  for (const file of files)
    await client.open(server.file('fixtures', file), server.read(server.file('fixtures', file)));
  for (const file of files) {
    const mine = validated.filter((d) => d.file === file);
    const shown = await client.diagnosticsOf(server.file('fixtures', file), (d) => d.length === mine.length);
    expect(
      shown.map((d: Diagnostic) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`),
    ).toEqual(mine.map((d) => `${d.line}:${d.col} ${d.code}`));
    expect(shown.map((d) => d.message)).toEqual(
      mine.map((d) => (d.suggestion ? `${d.message}; did you mean '${d.suggestion}'?` : d.message)),
    );
  }
});
