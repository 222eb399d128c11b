import { createSchemaValidator } from '../../rules/schema/create-schema-validator';
import { buildSandboxSchema } from './sandbox-schema';

/** Checks a parsed sandbox scenario against schema/sandbox.schema.json, as rule files are checked. */
export const validateSandboxSchema = createSchemaValidator(buildSandboxSchema);
