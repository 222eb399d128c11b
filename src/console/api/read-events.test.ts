import { readEngineModel, readEvents, writeEngineSettings } from './read-events';

const messageOf = (read: { ok: boolean; result?: { body: unknown } }) =>
  (read.result?.body as { error: { message: string } } | undefined)?.error.message;

describe('readEvents', () => {
  it('takes events of string variables naming their event', () => {
    const event = { 'state.currentEvent': 'CALL_STARTED', 'call.ani': '+1' };
    expect(readEvents({ events: [event] })).toEqual({ ok: true, value: [event] });
  });

  it.each([
    [{}, /^events: expected a list/],
    [{ events: [] }, /^events: expected a list/],
    [{ events: [3] }, /^events\[0\]: expected an object/],
    [{ events: [{ 'state.currentEvent': 'A', n: 1 }] }, /^events\[0\]\["n"\]: /],
    [{ events: [{ 'call.ani': '+1' }] }, /^events\[0\]: no "state.currentEvent"/],
  ])('refuses %j, naming the field', (body, message) => {
    const read = readEvents(body);
    expect(read.ok).toBe(false);
    expect(messageOf(read)).toMatch(message);
  });
});

describe('readEngineModel', () => {
  it('reads the settings by their written names', () => {
    expect(readEngineModel({ engine: { own_updates: 'changes' } })).toEqual({
      ok: true,
      value: { ownUpdates: 'changes' },
    });
    expect(readEngineModel({})).toEqual({ ok: true, value: {} });
  });

  it('names an unknown setting', () => {
    expect(messageOf(readEngineModel({ engine: { own_update: 'changes' } }))).toMatch(
      /^engine\.own_update: unknown/,
    );
  });
});

describe('writeEngineSettings', () => {
  it('writes the settings a model sets by their names, as readEngineModel reads them back', () => {
    const engine = { own_updates: 'changes', later_filter: 'adds' };
    const read = readEngineModel({ engine });
    expect(read.ok && writeEngineSettings(read.value)).toEqual(engine);
    expect(writeEngineSettings({})).toEqual({});
  });
});
