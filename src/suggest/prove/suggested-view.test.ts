import { createEmptyResponse, type CustomLogicResponse } from '../../contract/types';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import { createSuggestedView } from './suggested-view';

const SUGGESTED = { id: 'suggested-filter/set-event-filter', events: ['HEARTBEAT*'], keys: ['vad.*'] };

const answered = (fired: string[], response: Partial<CustomLogicResponse>): SimulatedEvent => ({
  session: 's',
  seq: 1,
  event: 'CALL_STARTED',
  variables: {},
  delta: [],
  sent: true,
  reason: null,
  entry: null,
  fired,
  response: { ...createEmptyResponse(), ...response },
});
const filter = (keys: string[], events: string[]) => ({
  keys_to_ignore: keys,
  events_to_ignore: events,
  values_to_ignore: {},
});

describe('createSuggestedView', () => {
  it("leaves out the suggested rule's id, its entries, and rulehook's own updates", () => {
    const view = createSuggestedView(SUGGESTED);
    const seen = view(
      answered(['pack/quiet', SUGGESTED.id], {
        session_variable_updates: [
          { key: 'mode', value: 'quiet' },
          { key: 'rulehook.once', value: '["suggested-filter/set-event-filter"]' },
        ],
        event_filter: filter(['vad.*', 'audio.*'], ['HEARTBEAT*']),
      }),
    );
    expect(seen.fired).toEqual(['pack/quiet']);
    expect(seen.response).toEqual({
      ...createEmptyResponse(),
      session_variable_updates: [{ key: 'mode', value: 'quiet' }],
      event_filter: filter(['audio.*'], []),
    });
  });

  it('drops a filter that is then the one the call already had, as rulehook sends a filter only when it changes', () => {
    const view = createSuggestedView(SUGGESTED);
    // The suggested rule alone set a filter: without its entries, the call has none.
    expect(view(answered([SUGGESTED.id], { event_filter: filter(['vad.*'], []) })).response).toEqual(
      createEmptyResponse(),
    );
    expect(
      view(answered([], { event_filter: filter(['vad.*', 'audio.*'], []) })).response?.event_filter,
    ).toEqual(filter(['audio.*'], []));
    // Sent again whole (with session state) with nothing new of the pack's: no filter.
    expect(view(answered([], { event_filter: filter(['vad.*', 'audio.*'], []) })).response).toEqual(
      createEmptyResponse(),
    );
  });

  it('leaves an event that was not sent as it is', () => {
    const dropped = { ...answered([], {}), sent: false, fired: null, response: null };
    expect(createSuggestedView(SUGGESTED)(dropped)).toBe(dropped);
  });
});
