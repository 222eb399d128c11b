import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../parse/parse-yaml';
import { buildCatalogSchema } from './catalog-schema';
import { mapAjvErrors } from './map-ajv-errors';
import { buildRulesSchema } from './rules-schema';

interface Validators {
  rules: ValidateFunction;
  catalog: ValidateFunction;
}

let validators: Validators | undefined;

/** Compiles both schemas on first use, once per process (compiling costs far more than validating). */
function getValidators(): Validators {
  if (!validators) {
    // verbose: errors carry their schema and data, which the friendly messages need
    const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true });
    ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' });
    validators = { rules: ajv.compile(buildRulesSchema()), catalog: ajv.compile(buildCatalogSchema()) };
  }
  return validators;
}

function validateWith(validate: ValidateFunction, parsed: ParsedYaml): Diagnostic[] {
  if (validate(parsed.value)) return [];
  return mapAjvErrors(validate.errors ?? [], parsed);
}

/** Checks a parsed rule file against schema/rules.schema.json. */
export function validateRulesSchema(parsed: ParsedYaml): Diagnostic[] {
  return validateWith(getValidators().rules, parsed);
}

/** Checks a parsed catalog file against schema/catalog.schema.json. */
export function validateCatalogSchema(parsed: ParsedYaml): Diagnostic[] {
  return validateWith(getValidators().catalog, parsed);
}
