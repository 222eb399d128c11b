import { cacheTextPositions } from '../../rules/schema/text-positions';
import { buildSandboxSchema } from './sandbox-schema';

/**
 * Where a sandbox scenario expects text (ids, words, phrases), for parseYaml: the text schemas of
 * schema/sandbox.schema.json. A YAML number there is taken as its source text (`id: 0042` stays "0042", a
 * spoken `text: 4111` stays "4111"); numbers elsewhere (durations, scores) stay numbers. An IVR step's
 * `request` is left as written: its schema is any mapping (proto3 JSON).
 */
export const isSandboxStringPosition = cacheTextPositions(buildSandboxSchema);
