import { ENGINE_SETTINGS } from '../../filter/engine-model';
import { documented, withExample, type JsonSchema } from '../../rules/schema/schema-doc';

const MEANINGS: Record<keyof typeof ENGINE_SETTINGS, string> = {
  own_updates:
    "Whether the engine counts the webhook's own variable updates as changes of the next event: `applied` (default: the engine applies them to the session first, so they are not in the next delta and `changed` does not fire on them) or `changes` (they are in the next delta, and `changed` fires on them).",
  empty_delta:
    'Whether `keys_to_ignore` filters an event whose delta is empty: `sent` (default: never) or `filtered` (always, when the list is not empty).',
  later_filter:
    "Whether a response's `event_filter` `replaces` the session's filter (default) or `adds` to it.",
};

/** The `engine:` section of a scenario file: the engine model its tests are simulated with. */
export function buildEngineSchema(): JsonSchema {
  return documented(
    'engine',
    withExample(
      'How the simulated engine reads what the engine\'s specification leaves open (docs/filters.md, "The engine model"). Settings left out keep rulehook\'s reading, the first value of each.',
      'engine:\n  own_updates: changes\n  empty_delta: filtered\n  later_filter: adds',
    ),
    {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(ENGINE_SETTINGS).map(([name, { values }]) => [
          name,
          documented(name, MEANINGS[name as keyof typeof ENGINE_SETTINGS], { type: 'string', enum: values }),
        ]),
      ),
      additionalProperties: false,
    },
  );
}
