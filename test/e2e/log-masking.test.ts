import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { replay } from '../replay/run-replay';
import { startServeProcess, type ServeProcess } from '../support/serve-process';

// Real processes over loopback: allow for a loaded 2-core CI machine.
jest.setTimeout(60_000);

/** A rule that copies masked variables into an operation's parameter and a variable update. */
const RULES = `ruleset: copies
rules:
  - id: notify
    on: VERIFY_COMPLETED
    then:
      schedule:
        - action: NotifyAgent
          parameters:
            message: "mismatch for \${call.ani} from \${sip.from}, number \${call.caller_number}"
            line: "\${call.dnis}"
      set:
        custom.note: "caller \${call.ani}"
        caller.phone: "\${ani}"
`;

/** The personal values of the event, each searched for in the raw bytes of every file and log. */
const PERSONAL = {
  'call.ani': '+33612345678',
  'CALL.ANI': '+33698765432',
  ani: '+33611112222',
  'sip.from': 'sip:+33633334444@carrier.example',
  'call.caller_number': '+33655556666',
  'call.dnis': '+33155550100',
  'Customer.Email': 'jane.doe@example.com',
};
const EVENT = { 'state.currentEvent': 'VERIFY_COMPLETED', 'verify.score': '0.2', ...PERSONAL };
/** What each value is found by in clear: its digits (also inside a longer text), or the address. */
const CLEAR = ['612345678', '698765432', '611112222', '633334444', '655556666', '155550100', 'jane.doe'];

let tmp: string;
let rules: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rulehook-masking-'));
  rules = path.join(tmp, 'rules');
  await mkdir(rules);
  await writeFile(path.join(rules, 'copies.yaml'), RULES);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function postEvent(server: ServeProcess): Promise<Record<string, unknown>> {
  const res = await fetch(`http://127.0.0.1:${server.httpPort}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: EVENT }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function stop(server: ServeProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** The personal values found in clear in `text`: none, where masking works. */
const findClearValues = (text: string): string[] => CLEAR.filter((clear) => text.includes(clear));

describe('personal data in the logs of the built rulehook serve', () => {
  it('masks names in any case, the usual caller numbers, and masked values a rule copied', async () => {
    const file = path.join(tmp, 'decisions.jsonl');
    const server = await startServeProcess([
      ...['--rules', rules, '--no-grpc', '--decision-log', file, '--log-level', 'debug'],
    ]);
    const answer = await postEvent(server);
    await stop(server);

    // The engine is answered with the real values.
    expect(answer.actions_to_perform).toEqual([
      {
        action: 'NotifyAgent',
        parameters: {
          message: `mismatch for +33612345678 from sip:+33633334444@carrier.example, number +33655556666`,
          line: '+33155550100',
        },
      },
    ]);
    expect(answer.session_variable_updates).toEqual(
      expect.arrayContaining([
        { key: 'custom.note', value: 'caller +33612345678' },
        { key: 'caller.phone', value: '+33611112222' },
      ]),
    );

    // Neither the decision log nor the log lines hold any of them in clear.
    const raw = await readFile(file, 'utf8');
    expect({ decisionLog: findClearValues(raw), stderr: findClearValues(server.stderr()) }).toEqual({
      decisionLog: [],
      stderr: [],
    });
    expect(server.stderr()).toContain('"msg":"event answered"');

    // A copied value becomes the hash of its variable, so the masked line still reads consistently.
    const line = JSON.parse(raw) as {
      session_variables: Record<string, string>;
      response: { actions_to_perform: { parameters: Record<string, string> }[] };
    };
    const vars = line.session_variables;
    for (const name of Object.keys(PERSONAL)) expect(vars[name]).toMatch(/^redacted:[\w-]{22}$/);
    expect(line.response.actions_to_perform[0]!.parameters.message).toBe(
      `mismatch for ${vars['call.ani']} from ${vars['sip.from']}, number ${vars['call.caller_number']}`,
    );

    // Replayed through the same rules, the masked log answers as it was logged.
    const same = await replay([
      '--rules',
      rules,
      '--compare-recorded',
      file,
      '--format',
      'jsonl',
      '--fail-on-diff',
    ]);
    expect([same.code, same.out]).toEqual([0, '']);
  });

  it('redacts --record names in any case', async () => {
    const file = path.join(tmp, 'recording.jsonl');
    const server = await startServeProcess([
      ...['--rules', rules, '--no-grpc', '--record', file, '--redact', 'call.ani', '--redact', 'sip.*'],
    ]);
    await postEvent(server);
    await stop(server);
    const recorded = JSON.parse(await readFile(file, 'utf8')) as {
      session_variables: Record<string, string>;
    };
    const vars = recorded.session_variables;
    expect([vars['call.ani'], vars['CALL.ANI'], vars['sip.from']]).toEqual([
      expect.stringMatching(/^redacted:/),
      expect.stringMatching(/^redacted:/),
      expect.stringMatching(/^redacted:/),
    ]);
    expect(vars['call.dnis']).toBe('+33155550100');
  });
});
