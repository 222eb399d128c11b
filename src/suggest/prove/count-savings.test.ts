import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { FilterCandidate } from '../derive/derived-filter';
import { countSavings } from './count-savings';

const event = (name: string, delta: string[], sent: boolean): SimulatedEvent => ({
  session: 's',
  seq: 1,
  event: name,
  variables: { 'state.currentEvent': name, 'audio.level': '1' },
  delta,
  sent,
  reason: null,
  entry: null,
  fired: sent ? [] : null,
  response: null,
});
const entry = (list: FilterCandidate['list'], name: string): FilterCandidate => ({
  list,
  entry: name,
  reason: '',
});

describe('countSavings', () => {
  const keys = entry('keys_to_ignore', 'audio.*');
  const heartbeat = entry('events_to_ignore', 'HEARTBEAT*');
  const exact = entry('events_to_ignore', 'HEARTBEAT');

  it('counts a stopped event once, for the first entry in the engine order: events_to_ignore, then list order', () => {
    const before = [[event('CALL_STARTED', [], true), event('HEARTBEAT', ['audio.level'], true)]];
    const after = [[event('CALL_STARTED', [], true), event('HEARTBEAT', ['audio.level'], false)]];
    const bytes = Buffer.byteLength(JSON.stringify({ session_variables: before[0]![1]!.variables }));
    // keys_to_ignore first in derive order, and a second events entry matching too: HEARTBEAT* takes it.
    const savings = countSavings([keys, heartbeat, exact], before, after);
    expect(savings.entries).toEqual([
      { events: 0, bytes: 0, sentBefore: 2, share: 0 },
      { events: 1, bytes, sentBefore: 2, share: 0.5 },
      { events: 0, bytes: 0, sentBefore: 2, share: 0 },
    ]);
    expect(savings.total).toEqual({ events: 1, bytes, sentBefore: 2, share: 0.5 });
  });

  it('counts for a keys_to_ignore entry an event whose delta it matches; not events filtered without it too', () => {
    const before = [[event('AUDIO_PROGRESS', ['audio.level'], true), event('HEARTBEAT', [], false)]];
    const after = [[event('AUDIO_PROGRESS', ['audio.level'], false), event('HEARTBEAT', [], false)]];
    const savings = countSavings([heartbeat, keys], before, after);
    expect(savings.entries.map((s) => s.events)).toEqual([0, 1]);
    expect(savings.total.sentBefore).toBe(1);
  });
});
