import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { suggestName } from '../../diagnostics/did-you-mean';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../parse/parse-yaml';
import { mapAjvErrors, toSpecPath } from './map-ajv-errors';
import type { JsonSchema } from './schema-doc';

/**
 * A validator for a YAML file kind other than rule files (scenario files, sandbox
 * scenarios): the schema is compiled on first use, once per process, with the
 * options of the rule-file schema, and errors are reported with the codes and
 * messages of rule files (UNKNOWN_KEY with a suggestion, INVALID_TYPE,
 * MISSING_KEY, INVALID_VALUE with a suggestion for a misspelt enum value).
 */
export function createSchemaValidator(build: () => JsonSchema): (parsed: ParsedYaml) => Diagnostic[] {
  let validate: ValidateFunction | undefined;
  return (parsed) => {
    if (validate === undefined) {
      const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true });
      ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' });
      validate = ajv.compile(build());
    }
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
  };
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
