import { EventLayouts, readEventVariables } from './read-event-variables';

/** Reads lines in order through one set of layouts, as a replay does; returns the names of each. */
function readAll(...lines: string[]): (readonly string[] | undefined)[] {
  const layouts = new EventLayouts('state.sessionId');
  return lines.map((text) => readEventVariables(JSON.parse(text), text, layouts)?.names);
}
const line = (variables: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  JSON.stringify({ session_variables: variables, ...more });

describe('readEventVariables', () => {
  it('names every own key, in order, whether the session was seen or not', () => {
    const first = { 'state.sessionId': 's1', a: '1', b: '2' };
    const next = { 'state.sessionId': 's1', a: '1', b: '3' };
    const names = readAll(line(first), line(next));
    expect(names).toEqual([Object.keys(first), Object.keys(next)]);
    // The second event has the names of the first: the same list, not listed again.
    expect(names[1]).toBe(names[0]);
  });

  it('lists the keys again when an event of the session has other keys than the one before', () => {
    const s = 'state.sessionId';
    const events = [
      { [s]: 's1', a: '1', b: '2' },
      { [s]: 's1', a: '1', b: '2', c: '' }, // a key added
      { [s]: 's1', a: '1', c: '' }, // one removed
      { [s]: 's1', c: '', a: '1' }, // reordered: the same keys, the names still right as a set
      { [s]: 's1', a: '1', cc: '' }, // another key, as long as the sum of the others
      { [s]: 's1', a: '1', c: 'x' },
    ];
    readAll(...events.map((e) => line(e))).forEach((names, i) =>
      expect([...(names ?? [])].sort()).toEqual(Object.keys(events[i] as object).sort()),
    );
  });

  it('does not take the names of the last event for a line with more in it, or written otherwise', () => {
    const base = { 'state.sessionId': 's1', a: '1' };
    const texts = [
      line(base),
      line(base, { fired: [] }), // a decision-log line: a field more
      line(base).replace('"a":"1"', '"a":"1","a":"1"'), // a key twice
      line(base).replace('"a":', '"a": '), // white space
      line({ ...base, b: 'x"y' }), // an escape, and a key more
      line({ ...base, '\\': 'z' }),
      line({ ...base, ['__proto__']: 'p' }), // an own __proto__ key
    ];
    const names = readAll(...texts);
    texts.forEach((text, i) => {
      const variables = (JSON.parse(text) as { session_variables: object }).session_variables;
      expect(names[i]).toEqual(Object.keys(variables));
    });
  });

  it('keeps the names of at most 10,000 sessions, forgetting those remembered longest ago', () => {
    const layouts = new EventLayouts('state.sessionId');
    const read = (session: string) => {
      const text = line({ 'state.sessionId': session, a: '1' });
      return readEventVariables(JSON.parse(text), text, layouts)?.names;
    };
    const first = read('s0');
    const kept = read('s1');
    expect(read('s0')).toBe(first);
    for (let i = 2; i <= 10_000; i++) read(`s${i}`);
    // The 10,001st session pushed s0 out, not s1.
    expect(read('s1')).toBe(kept);
    const again = read('s0');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('leaves lines that are not the usual shape to the full decoder', () => {
    expect(readAll('{"sessionVariables":{"a":"1"}}', '{}', '{"session_variables":{"a":1}}', '[]')).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
