import { cacheTextPositions } from '../../rules/schema/text-positions';
import { buildScenarioSchema } from './scenario-schema';

/**
 * Where a scenario file expects text (everywhere but `sent`, a node override's `enable`, `result_code`),
 * for parseYaml: the text schemas of schema/scenario.schema.json. A YAML number or boolean written there is
 * taken as its source text (`0.10` stays "0.10"), as in rule files: session variables are text.
 */
export const isScenarioStringPosition = cacheTextPositions(buildScenarioSchema);
