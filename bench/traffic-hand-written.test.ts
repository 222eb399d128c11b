import { createHandWrittenWebhook } from './traffic-hand-written';
import { trafficVariables } from './traffic-pack';

/** An even session: the pack's greet (`once`), quiet-audio (filter) and uk-caller flags set, risky's not. */
const FLAGGED = 8;

function updateKeys(answer: { session_variable_updates?: { key: string }[] }): string[] {
  return (answer.session_variable_updates ?? []).map((u) => u.key);
}

describe('the hand-written traffic webhook', () => {
  it('fires once and changed on a call’s first event, and sends its filter once', () => {
    const answer = createHandWrittenWebhook(10);
    const first = answer(trafficVariables(FLAGGED, 1));
    expect(updateKeys(first)).toEqual([
      'traffic.greet',
      'traffic.verify-moved',
      'traffic.quiet-audio',
      'traffic.uk-caller',
    ]);
    expect(first.event_filter).toEqual({ keys_to_ignore: ['audio.lastChunkId', 'audio.chunkCount'] });
    const again = answer(trafficVariables(FLAGGED, 1));
    expect(updateKeys(again)).toEqual(['traffic.quiet-audio', 'traffic.uk-caller']);
    expect(updateKeys(answer(trafficVariables(FLAGGED + 1, 1)))).toEqual([
      'traffic.verify-moved',
      'traffic.risky',
    ]);
    expect(again.event_filter).toBeUndefined();
    const moved = { ...trafficVariables(FLAGGED, 1), 'verify.score': '0.1' };
    expect(updateKeys(answer(moved))).toContain('traffic.verify-moved');
  });

  it('forgets the call idle the longest past its bound, and keeps one that is touched', () => {
    const answer = createHandWrittenWebhook(2);
    answer(trafficVariables(FLAGGED, 1));
    answer(trafficVariables(FLAGGED + 2, 1));
    answer(trafficVariables(FLAGGED, 1)); // touched: now the most recent
    answer(trafficVariables(FLAGGED + 4, 1)); // a third call: FLAGGED + 2 is forgotten
    expect(updateKeys(answer(trafficVariables(FLAGGED, 1)))).not.toContain('traffic.greet');
    expect(updateKeys(answer(trafficVariables(FLAGGED + 2, 1)))).toContain('traffic.greet');
  });

  it('answers an event without a session id as a call’s first, and one no rule is on with nothing', () => {
    const answer = createHandWrittenWebhook(10);
    const anonymous = trafficVariables(FLAGGED, 1);
    delete anonymous['state.sessionId'];
    expect(updateKeys(answer(anonymous))).toContain('traffic.greet');
    expect(updateKeys(answer(anonymous))).toContain('traffic.greet');
    const heartbeat = { ...trafficVariables(FLAGGED, 1), 'state.currentEvent': 'HEARTBEAT' };
    expect(answer(heartbeat)).toEqual({ result_code: 200 });
  });
});
