import { createEmptyResponse } from '../../contract';
import type { SimulatedEvent } from '../../simulation';
import { compareOutcomes, differsOn } from './compare-outcomes';

const base: SimulatedEvent = {
  session: 's',
  seq: 1,
  event: 'E',
  variables: {},
  sent: true,
  reason: null,
  entry: null,
  delta: [],
  fired: ['a/x'],
  response: createEmptyResponse(),
};
const filtered = (reason: SimulatedEvent['reason']): SimulatedEvent => ({
  ...base,
  sent: false,
  reason,
  entry: '*',
  fired: null,
  response: null,
});

describe('compareOutcomes', () => {
  it('sees no change in the same outcome, nor in a different reason for an event filtered both times', () => {
    expect(compareOutcomes({ event: base }, { event: { ...base, response: createEmptyResponse() } })).toEqual(
      [],
    );
    expect(
      compareOutcomes({ event: filtered('keys_to_ignore') }, { event: filtered('events_to_ignore') }),
    ).toEqual([]);
  });

  it('names what changed', () => {
    expect(compareOutcomes({ event: base }, { event: filtered('events_to_ignore') })).toEqual(['sent']);
    expect(compareOutcomes({ event: base }, { event: { ...base, fired: [] } })).toEqual(['fired']);
    const set = { ...createEmptyResponse(), session_variable_updates: [{ key: 'k', value: 'v' }] };
    expect(compareOutcomes({ event: base }, { event: { ...base, fired: ['a/y'], response: set } })).toEqual([
      'fired',
      'response',
    ]);
  });
});

describe('differsOn', () => {
  it('counts a change of sent on every basis, and the other changes only on theirs or on all', () => {
    expect(['response', 'fired', 'all'].map((on) => differsOn(['sent'], on as never))).toEqual([
      true,
      true,
      true,
    ]);
    expect(differsOn(['fired'], 'response')).toBe(false);
    expect(differsOn(['fired'], 'fired')).toBe(true);
    expect(differsOn(['fired'], 'all')).toBe(true);
    expect(differsOn(['response'], 'fired')).toBe(false);
    expect(differsOn(['fired', 'response'], 'response')).toBe(true);
    expect(differsOn([], 'all')).toBe(false);
  });
});
