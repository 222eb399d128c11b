import path from 'node:path';
import { loadPack } from '../../examples/pack-test-kit';
import { ACTION_NODES, FLOW_EVENTS, FLOW_NODES } from '../../src/sandbox/flow';
import { PASSIVE_NODES } from '../../src/sandbox/flow/flow-catalog';

/** The sandbox raises the example packs' vocabulary, so a pack runs against it unchanged. */
it('raises only the events, nodes and operations the example catalog declares', async () => {
  const { loaded } = await loadPack(path.join(__dirname, '../../examples/noise-reduction'));
  const catalog = loaded.catalog!.spec;
  expect(Object.values(FLOW_EVENTS).filter((e) => !catalog.events!.includes(e))).toEqual([]);
  expect([...FLOW_NODES, ...PASSIVE_NODES].sort()).toEqual([...catalog.nodes!].sort());
  expect(Object.keys(ACTION_NODES).filter((a) => !Object.hasOwn(catalog.actions!, a))).toEqual([
    'ProcessAudioForEnroll',
    'Train',
  ]);
  expect(catalog.variables).toEqual(expect.arrayContaining(['flow.*', 'custom.*', 'session.decision']));
});
