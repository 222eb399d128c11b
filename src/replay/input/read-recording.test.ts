import { createEmptyResponse } from '../../contract';
import { readRecording } from './read-recording';

async function* lines(...text: string[]): AsyncGenerator<Buffer> {
  yield Buffer.from(text.join('\n'));
}
const collect = async (file: string, ...text: string[]) => {
  const out: unknown[] = [];
  for await (const item of readRecording(file, lines(...text))) out.push(item);
  return out;
};

describe('readRecording', () => {
  it('reads events (either field spelling), skips blank lines, and says why a line is bad', async () => {
    expect(
      await collect(
        'day1.jsonl',
        '{"session_variables":{"a":"1"}}',
        '',
        '{"sessionVariables":{"b":"2"}}',
        'nope',
        '{"session_variables":{"a":true}}',
        '{}',
      ),
    ).toEqual([
      // The usual spelling lists the names as it checks the values; the other one is decoded in full.
      { kind: 'event', file: 'day1.jsonl', line: 1, variables: { a: '1' }, names: ['a'], delivered: false },
      { kind: 'event', file: 'day1.jsonl', line: 3, variables: { b: '2' }, delivered: false },
      { kind: 'bad', file: 'day1.jsonl', line: 4, message: expect.stringMatching(/^not JSON: /) },
      {
        kind: 'bad',
        file: 'day1.jsonl',
        line: 5,
        message:
          'not an Event: session_variables["a"]: expected a string value, got a boolean (session variables are strings: quote numbers and booleans)',
      },
      { kind: 'event', file: 'day1.jsonl', line: 6, variables: {}, delivered: false },
    ]);
  });

  it('replays events beyond the default serve limits: a recording holds what a server with raised limits accepted', async () => {
    const big = 'x'.repeat(300_000);
    expect(
      await collect('big.jsonl', JSON.stringify({ session_variables: { big }, delivered: false })),
    ).toEqual([
      { kind: 'event', file: 'big.jsonl', line: 1, variables: { big }, names: ['big'], delivered: false },
    ]);
  });
  it('reads a decision-log line as the event it holds, delivered to the webhook', async () => {
    const line = JSON.stringify({
      time: '2026-01-01T00:00:00.000Z',
      request_id: 'r-1',
      revision: 'abc',
      duration_ms: 0.1,
      session_variables: { a: '1' },
      fired: ['x/y'],
      response: { result_code: 200 },
    });
    expect(await collect('d.jsonl', line)).toEqual([
      {
        kind: 'event',
        file: 'd.jsonl',
        line: 1,
        variables: { a: '1' },
        names: ['a'],
        delivered: true,
        recorded: { fired: ['x/y'], response: { ...createEmptyResponse(), result_code: 200 } },
      },
    ]);
    const unreadable = JSON.stringify({ session_variables: {}, fired: [1], response: { result_code: 200 } });
    expect(await collect('d.jsonl', unreadable)).toEqual([
      { kind: 'event', file: 'd.jsonl', line: 1, variables: {}, names: [], delivered: true },
    ]);
  });
});
