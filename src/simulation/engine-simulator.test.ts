import { createEmptyResponse } from '../contract';
import { buildRuleBook } from '../../test/support/rule-book';
import { EngineSimulator } from './engine-simulator';
import { LocalWebhook } from './local-webhook';

const book = buildRuleBook({
  ruleset: 'sim',
  rules: [
    { id: 'mark', on: 'START', then: { set: { 'risk.level': 'low' } } },
    {
      id: 'quiet',
      on: 'START',
      then: { filter: { keys_to_ignore: ['audio.*'], events_to_ignore: ['HB*'] } },
    },
    { id: 'echo', on: 'CHECK', then: { set: { seen: '${risk.level:-none}' } } },
    { id: 'done', on: 'END', then: { filter: { events_to_ignore: ['*'] } } },
  ],
});

const simulate = () => new EngineSimulator(new LocalWebhook(book));
const ev = (event: string, vars: Record<string, string> = {}) => ({
  'state.sessionId': 's',
  'state.currentEvent': event,
  ...vars,
});

describe('EngineSimulator', () => {
  it('names, on a filtered event, the rules that wait for it, when the webhook knows its rules', async () => {
    const sim = simulate();
    await sim.raise(ev('START'));
    const check = await sim.raise(ev('CHECK', { 'audio.level': '3' }));
    expect(check).toMatchObject({ sent: false, reason: 'keys_to_ignore', listening: ['sim/echo'] });
    expect(await sim.raise(ev('HB1'))).not.toHaveProperty('listening');
    // A webhook whose rules are not known (a live target) cannot say who waited.
    const filtering = {
      ...createEmptyResponse(),
      event_filter: { events_to_ignore: ['CHECK'], keys_to_ignore: [], values_to_ignore: {} },
    };
    const foreign = new EngineSimulator({ call: () => ({ response: filtering, fired: null }) });
    await foreign.raise(ev('START'));
    const dropped = await foreign.raise(ev('CHECK'));
    expect(dropped).toMatchObject({ sent: false, reason: 'events_to_ignore' });
    expect(dropped).not.toHaveProperty('listening');
  });

  it('applies the filters a response sets to the later events of its session', async () => {
    const sim = simulate();
    expect(await sim.raise(ev('START'))).toMatchObject({
      sent: true,
      seq: 1,
      fired: ['sim/mark', 'sim/quiet'],
    });
    expect(await sim.raise(ev('HB1'))).toMatchObject({
      sent: false,
      reason: 'events_to_ignore',
      entry: 'HB*',
      seq: 2,
      fired: null,
      response: null,
    });
    expect(await sim.raise(ev('PROGRESS', { 'audio.net': '3' }))).toMatchObject({
      sent: false,
      reason: 'keys_to_ignore',
      entry: 'audio.*',
      delta: ['audio.net'],
    });
    expect(await sim.raise(ev('PROGRESS', { 'audio.net': '3', x: '1' }))).toMatchObject({
      sent: true,
      delta: ['x'],
    });
  });

  it('sends a delivered event (a decision-log line) whatever its delta, but not an ignored event name', async () => {
    const sim = simulate();
    await sim.raise(ev('START'), { delivered: true });
    const progress = await sim.raise(ev('PROGRESS', { 'audio.net': '3' }), { delivered: true });
    expect(progress).toMatchObject({ sent: true, delta: ['audio.net'] });
    expect(await sim.raise(ev('HB1'), { delivered: true })).toMatchObject({
      sent: false,
      reason: 'events_to_ignore',
    });
  });

  it('hands the webhook what is known of the event: a recorded answer', async () => {
    const recorded = { response: { ...createEmptyResponse(), result_code: 299 }, fired: ['live/rule'] };
    const seen: unknown[] = [];
    const sim = new EngineSimulator({
      call: (_session, _variables, facts) => {
        seen.push(facts);
        return facts?.recorded ?? { response: createEmptyResponse(), fired: [] };
      },
    });
    expect(await sim.raise(ev('START'), { delivered: true, recorded })).toMatchObject({
      fired: ['live/rule'],
      response: { result_code: 299 },
    });
    expect(seen).toEqual([{ delivered: true, recorded }]);
  });

  it('computes the delta against the previous raised event, sent or not', async () => {
    const sim = simulate();
    await sim.raise(ev('START', { a: '1' }));
    await sim.raise(ev('HB', { a: '2' }));
    expect((await sim.raise(ev('X', { a: '2' }))).delta).toEqual([]);
  });

  it('overlays the variables a response set onto later events (they win over raised values)', async () => {
    const sim = simulate();
    await sim.raise(ev('START'));
    const check = await sim.raise(ev('CHECK', { 'risk.level': 'raised-value' }));
    expect(check.variables['risk.level']).toBe('low');
    expect(check.response?.session_variable_updates).toEqual([{ key: 'seen', value: 'low' }]);
  });

  it('leaves the webhook’s own updates out of the next delta (the engine applied them already)', async () => {
    const sim = simulate();
    await sim.raise(ev('START'));
    expect((await sim.raise(ev('CHECK'))).delta).toEqual([]);
    const changed = await sim.raise(ev('CHECK', { 'risk.level': 'high' }));
    expect(changed.delta).toEqual([]);
    expect(changed.variables['risk.level']).toBe('low');
  });

  it('counts the webhook’s own updates in the next delta when the engine model says so', async () => {
    const sim = new EngineSimulator(new LocalWebhook(book), { model: { ownUpdates: 'changes' } });
    await sim.raise(ev('START'));
    expect((await sim.raise(ev('CHECK'))).delta).toEqual(expect.arrayContaining(['risk.level']));
  });

  it('gives the same events when handed the variables to write into as when it copies them', () => {
    const events = [
      ev('START', { a: '1', 'risk.level': 'x' }),
      ev('CHECK', { a: '1', 'risk.level': 'x' }),
      ev('CHECK', { a: '2', 'audio.level': '1' }),
      ev('HB1', { a: '2' }),
      ev('CHECK', { b: '1', 'risk.level': 'y', 'audio.level': '1' }),
      ev('CHECK', { 'risk.level': 'y', b: '1', 'audio.level': '2' }),
      ev('END', { b: '2' }),
      ev('CHECK', { b: '3' }),
    ];
    for (const ownUpdates of ['applied', 'changes'] as const) {
      const copied = new EngineSimulator(new LocalWebhook(book, { ownUpdates }), { model: { ownUpdates } });
      const handed = new EngineSimulator(new LocalWebhook(book, { ownUpdates }), { model: { ownUpdates } });
      for (const variables of events) {
        const given = { ...variables };
        const before = { ...variables };
        const expected = copied.raiseNow(variables);
        expect(handed.raiseNow(given, {}, { names: Object.keys(given) })).toEqual(expected);
        expect(variables).toEqual(before); // the copying path leaves what it was given alone
      }
    }
  });

  it('replaces the session filter with a later one, or adds to it when the engine model says so', async () => {
    // A webhook of another kind (a live target, a decision log) may send a filter that is not a superset.
    const filters = [{ keys_to_ignore: ['audio.*'] }, { keys_to_ignore: ['vad.*'] }];
    const scripted = {
      call: () => {
        const response = createEmptyResponse();
        const next = filters.shift();
        if (next !== undefined)
          response.event_filter = { events_to_ignore: [], values_to_ignore: {}, ...next };
        return { response, fired: null };
      },
    };
    const outcomes = async (model: { laterFilter?: 'replaces' | 'adds' }) => {
      filters.splice(0, filters.length, { keys_to_ignore: ['audio.*'] }, { keys_to_ignore: ['vad.*'] });
      const sim = new EngineSimulator(scripted, { model });
      await sim.raise(ev('A', { 'audio.x': '1' }));
      await sim.raise(ev('B', { 'vad.x': '1' }));
      return (await sim.raise(ev('C', { 'audio.x': '2' }))).sent;
    };
    expect(await outcomes({})).toBe(true);
    expect(await outcomes({ laterFilter: 'adds' })).toBe(false);
  });

  it('stops sending for good after a filter entry * alone', async () => {
    const sim = simulate();
    await sim.raise(ev('END'));
    expect(await sim.raise(ev('START'))).toMatchObject({
      sent: false,
      reason: 'webhook_disabled',
      entry: '*',
    });
  });

  it('keeps sessions apart', async () => {
    const sim = simulate();
    await sim.raise(ev('END'));
    expect(await sim.raise({ 'state.sessionId': 'other', 'state.currentEvent': 'START' })).toMatchObject({
      sent: true,
      seq: 1,
      session: 'other',
    });
  });

  it('attaches explanations when the webhook explains', async () => {
    const sim = new EngineSimulator(new LocalWebhook(book, { explain: true }));
    const result = await sim.raise(ev('CHECK'));
    expect(result.explanation?.find((e) => e.rule === 'sim/echo')).toEqual({
      rule: 'sim/echo',
      fired: true,
      reason: 'fired',
    });
    expect(result.explanation?.find((e) => e.rule === 'sim/mark')).toEqual({
      rule: 'sim/mark',
      fired: false,
      reason: 'on',
    });
  });

  it('raises without a promise when the webhook answers at once, and as raise() does when it answers later', async () => {
    const now = simulate().raiseNow(ev('START'));
    expect(now).not.toBeInstanceOf(Promise);
    const later = new EngineSimulator({
      call: async (session, variables) => new LocalWebhook(book).call(session, variables),
    });
    const promised = later.raiseNow(ev('START'));
    expect(typeof (promised as Promise<unknown>).then).toBe('function');
    expect(await promised).toEqual(now);
  });

  it('forgets a session when told to: its next event starts it again', async () => {
    const sim = simulate();
    await sim.raise(ev('END'));
    sim.forget('s');
    expect(await sim.raise(ev('START'))).toMatchObject({ sent: true, seq: 1 });
  });
});
