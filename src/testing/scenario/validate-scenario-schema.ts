import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';
import { createDiagnostic, suggestName, type Diagnostic } from '../../diagnostics';
import type { ParsedYaml } from '../../rules/parse';
import { mapAjvErrors, toSpecPath } from '../../rules/schema/map-ajv-errors';
import { buildScenarioSchema } from './scenario-schema';

let validator: ValidateFunction | undefined;

/** Compiled on first use, once per process, with the options of the rule-file schema. */
function getValidator(): ValidateFunction {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true });
    ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' });
    validator = ajv.compile(buildScenarioSchema());
  }
  return validator;
}

/**
 * Checks a parsed scenario file against schema/scenario.schema.json; errors are
 * reported with the same codes and messages as rule files (UNKNOWN_KEY with a
 * suggestion, INVALID_TYPE, MISSING_KEY, INVALID_VALUE), at their source range.
 */
export function validateScenarioSchema(parsed: ParsedYaml): Diagnostic[] {
  const validate = getValidator();
  if (validate(parsed.value)) return [];
  const errors = validate.errors ?? [];
  const enums = errors.filter((e) => e.keyword === 'enum');
  return [
    ...mapAjvErrors(
      errors.filter((e) => e.keyword !== 'enum'),
      parsed,
    ),
    ...enums.map((e) => describeEnumError(e, parsed)),
  ];
}

/** `reason: nope` -> "'reason' must be one of events_to_ignore, keys_to_ignore, webhook_disabled". */
function describeEnumError(error: ErrorObject, parsed: ParsedYaml): Diagnostic {
  const path = toSpecPath(error.instancePath, parsed.value);
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
  const message = `'${String(path[path.length - 1] ?? '')}' must be one of ${allowed.join(', ')}, not ${JSON.stringify(error.data)}`;
  const suggestion =
    typeof error.data === 'string' ? suggestName(error.data, allowed.map(String)) : undefined;
  return createDiagnostic('INVALID_VALUE', parsed.file, message, { range: parsed.locate(path), suggestion });
}
