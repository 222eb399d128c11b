import fc from 'fast-check';
import { createEmptyResponse, type SessionVariables } from '../contract';
import { computeDelta, createAutomaticKeyTest } from '../filter/delta';
import { EngineSimulator } from './engine-simulator';
import type { SimulatedWebhook } from './webhook';

/**
 * The delta as the simulated engine defines it, computed the plain way: the event with the webhook's earlier
 * updates overlaid on a copy, compared with the previous raised event; by default (`own_updates: applied`)
 * that previous event has its answer's updates applied too.
 */
function referenceDeltas(
  events: SessionVariables[],
  answers: [string, string][][],
  ownUpdates: 'applied' | 'changes',
): string[][] {
  const isAutomatic = createAutomaticKeyTest();
  const overlay = new Map<string, string>();
  const withOverlay = (v: SessionVariables) => ({ ...v, ...Object.fromEntries(overlay) });
  let previous: SessionVariables | undefined;
  return events.map((raised, i) => {
    const variables = withOverlay(raised);
    const delta = computeDelta(previous, variables, isAutomatic);
    const updates = answers[i] ?? [];
    for (const [key, value] of updates) overlay.set(key, value);
    previous = updates.length > 0 && ownUpdates === 'applied' ? withOverlay(variables) : variables;
    return delta;
  });
}

const key = fc.constantFrom('a', 'b', 'c', 'risk', 'seen', 'state.x');
const value = fc.constantFrom('1', '2', '');
const session = fc.array(
  fc.tuple(
    fc.dictionary(key, value, { maxKeys: 6 }),
    fc.array(
      fc.tuple(
        key.filter((k) => k !== 'state.x'),
        value,
      ),
      { maxLength: 2 },
    ),
  ),
  { minLength: 1, maxLength: 10 },
);

describe('EngineSimulator deltas', () => {
  it('are the plain delta against the previous raised event, the webhook’s updates overlaid, handed or copied', () => {
    fc.assert(
      fc.property(session, fc.constantFrom('applied', 'changes'), fc.boolean(), (steps, ownUpdates, hand) => {
        const events = steps.map(([variables]) => ({ 'state.sessionId': 's', ...variables }));
        const answers = steps.map(([, updates]) => updates);
        let call = 0;
        const webhook: SimulatedWebhook = {
          call: () => ({
            response: {
              ...createEmptyResponse(),
              session_variable_updates: (answers[call++] ?? []).map(([k, v]) => ({ key: k, value: v })),
            },
            fired: [],
          }),
        };
        const sim = new EngineSimulator(webhook, { model: { ownUpdates } });
        const deltas = events.map((e) => {
          const given = { ...e };
          const event = hand ? sim.raiseNow(given, {}, { names: Object.keys(given) }) : sim.raiseNow(given);
          return (event as { delta: string[] }).delta;
        });
        expect(deltas).toEqual(referenceDeltas(events, answers, ownUpdates));
      }),
      { numRuns: 500 },
    );
  });
});
