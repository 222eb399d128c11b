import { createSchemaValidator } from '../../rules/schema/create-schema-validator';
import { buildScenarioSchema } from './scenario-schema';

/**
 * Checks a parsed scenario file against schema/scenario.schema.json; errors are
 * reported with the same codes and messages as rule files, at their source range.
 */
export const validateScenarioSchema = createSchemaValidator(buildScenarioSchema);
