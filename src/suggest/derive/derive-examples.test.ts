import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readRecording } from '../../replay/input/read-recording';
import { loadRules } from '../../rules/load';
import { deriveFilter } from './derive-filter';

const EXAMPLES = path.join(__dirname, '../../../examples');

/** The pack as `validate` loads it, and the names its recordings carry (as the command reads them). */
async function derive(name: string) {
  const dir = path.join(EXAMPLES, name);
  const loaded = await loadRules([dir], { cwd: dir });
  const events = new Set<string>();
  const variables = new Set<string>();
  const firstEvents = new Map<string, string>();
  const recordings = path.join(dir, 'recordings');
  for (const file of await readdir(recordings)) {
    const at = path.join(recordings, file);
    for await (const item of readRecording(at, createReadStream(at))) {
      if (item.kind !== 'event') continue;
      for (const key of Object.keys(item.variables)) variables.add(key);
      const event = item.variables['state.currentEvent'];
      if (event !== undefined) events.add(event);
      const session = item.variables['state.sessionId'] ?? '';
      if (event !== undefined && !firstEvents.has(session)) firstEvents.set(session, event);
    }
  }
  return deriveFilter({
    rulesets: loaded.rulesets,
    catalog: loaded.catalog?.spec,
    observed: { events: [...events], variables: [...variables] },
    engine: {},
    firstEvents: [...new Set(firstEvents.values())],
  });
}

describe('deriveFilter on the example packs', () => {
  it.each(['fraud-and-spoofing', 'enrollment-after-opt-in', 'noise-reduction'])('%s', async (name) => {
    const derived = await derive(name);
    console.log(
      name,
      JSON.stringify(
        {
          c: derived.candidates.map((c) => c.entry + ' :: ' + c.reason),
          r: derived.rejected.map((c) => c.entry + ' :: ' + c.reason + ' :: ' + c.rules.join(',')),
        },
        null,
        1,
      ),
    );
  });
});
