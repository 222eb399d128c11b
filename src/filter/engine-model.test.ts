import { describeEngineModel, readEngineSetting } from './engine-model';

describe('the engine model', () => {
  it('reads every setting by its written name, and describes defaults and choices', () => {
    let model = {};
    for (const [name, value] of [
      ['own_updates', 'changes'],
      ['empty_delta', 'filtered'],
    ] as const) {
      const read = readEngineSetting(model, name, value);
      if (!read.ok) throw new Error(read.message);
      model = read.model;
    }
    expect(model).toEqual({ ownUpdates: 'changes', emptyDelta: 'filtered' });
    expect(describeEngineModel(model)).toBe(
      'own_updates=changes, empty_delta=filtered, later_filter=replaces',
    );
    expect(describeEngineModel({})).toBe('own_updates=applied, empty_delta=sent, later_filter=replaces');
  });

  it('says which names and values there are when one is unknown', () => {
    expect(readEngineSetting({}, 'own_update', 'changes')).toEqual({
      ok: false,
      message: "unknown engine setting 'own_update'; the settings are own_updates, empty_delta, later_filter",
    });
    expect(readEngineSetting({}, 'later_filter', 'merges')).toEqual({
      ok: false,
      message: "engine setting later_filter is 'merges'; expected replaces or adds",
    });
    expect(readEngineSetting({}, '__proto__', 'x').ok).toBe(false);
  });
});
