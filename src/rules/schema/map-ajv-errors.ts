import type { ErrorObject } from 'ajv';
import { createDiagnostic, dedupeDiagnostics } from '../../diagnostics/create-diagnostic';
import { suggestName } from '../../diagnostics/did-you-mean';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { describeInvalidId, ID_PATTERN } from '../ids';
import { isOperatorName, OPERATOR_NAMES } from '../operators';
import type { ParsedYaml } from '../parse/parse-yaml';
import type { SpecPath } from '../spec';
import { CONDITION_KINDS, CONDITION_TITLE } from './condition-schema';
import { describeActual, describeExpected, describeOwner, describePlace, toClause } from './describe-types';
import { describeSplitValue } from './describe-split-value';
import { hintListOperator, hintType } from './hint-type';

type SchemaNode = {
  title?: string;
  description?: string;
  type?: unknown;
  properties?: Record<string, SchemaNode>;
};

/**
 * Translates ajv errors (validated with `allErrors` and `verbose`) into diagnostics
 * for people, each at the source range of what it is about: an unknown key at the
 * key, a missing key at its would-be parent, anything else at the value.
 */
export function mapAjvErrors(errors: readonly ErrorObject[], parsed: ParsedYaml): Diagnostic[] {
  return dedupeDiagnostics(
    errors.filter((error) => !isLeftToChecks(error)).map((error) => mapError(error, parsed)),
  );
}

/**
 * `gt: .inf` fails ajv's `number` type and `gt: twenty` the numeric pattern, but
 * NON_NUMERIC_OPERAND explains both better: report them once, there. An empty id
 * fails its pattern too, but `minLength` already says it is empty.
 */
function isLeftToChecks(error: ErrorObject): boolean {
  // The failing key's own error (a `minLength` with `propertyName`) says more.
  if (error.keyword === 'propertyNames') return true;
  const title = (error.parentSchema as SchemaNode | undefined)?.title ?? '';
  const infinite = typeof error.data === 'number' && !Number.isFinite(error.data);
  const operator = title.endsWith('(operator)');
  if (error.keyword === 'pattern') return error.data === '' || operator;
  return error.keyword === 'type' && infinite && operator;
}

function mapError(error: ErrorObject, parsed: ParsedYaml): Diagnostic {
  const path = toSpecPath(error.instancePath, parsed.value);
  const schema = (error.parentSchema ?? {}) as SchemaNode;
  const at = { range: parsed.locate(path) };
  if (error.propertyName !== undefined) {
    const key = error.propertyName;
    const message = `${describePlace(path)} has an empty key; expected ${schema.title ?? 'a name'}`;
    return createDiagnostic('INVALID_VALUE', parsed.file, message, {
      range: parsed.locateKey([...path, key]),
    });
  }
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      return (
        describeSplitValue(parsed, [...path, key]) ?? mapUnknownKey(key, path, schema, error.data, parsed)
      );
    }
    case 'required': {
      const key = String(error.params.missingProperty);
      const what = schema.properties?.[key]?.description;
      const message = `${describeOwner(path, schema.title)} is missing '${key}'${what ? ` (${toClause(what)})` : ''}`;
      // At the key that holds the incomplete mapping (`in: {}` at `in`), where editors underline it; a list
      // item or the whole file has no key, and is reported at the mapping itself.
      return createDiagnostic('MISSING_KEY', parsed.file, message, { range: parsed.locateKey(path) });
    }
    case 'type': {
      const list = hintListOperator(String(path[path.length - 1]), schema.title, error.data);
      if (list)
        return createDiagnostic('INVALID_TYPE', parsed.file, list.message, {
          range: parsed.locateKey(path),
          suggestion: list.value,
        });
      const place = describePlace(path);
      const expected = describeExpected(schema);
      const actual = describeActual(error.data);
      const split = error.data === null ? describeSplitValue(parsed, path) : undefined;
      if (split) return split;
      if (error.data === null)
        return createDiagnostic(
          'INVALID_TYPE',
          parsed.file,
          `${place} has no value; expected ${expected}`,
          at,
        );
      const hint = hintType(schema.type, error.data);
      const message = `${place} must be ${expected}, not ${actual}${hint ? `: ${hint.reason}` : ''}`;
      return createDiagnostic('INVALID_TYPE', parsed.file, message, { ...at, suggestion: hint?.value });
    }
    case 'minItems':
      return createDiagnostic(
        'INVALID_VALUE',
        parsed.file,
        `${describePlace(path)} must not be an empty list`,
        at,
      );
    case 'minProperties':
      return createDiagnostic(
        'INVALID_VALUE',
        parsed.file,
        `${describePlace(path)} must not be an empty mapping`,
        at,
      );
    case 'pattern':
      if (error.schema === ID_PATTERN && typeof error.data === 'string') {
        const kind = schema.title === 'ruleset' ? 'ruleset name' : 'rule id';
        return createDiagnostic('INVALID_ID', parsed.file, describeInvalidId(kind, error.data), at);
      }
      return createDiagnostic('INVALID_VALUE', parsed.file, `${describePlace(path)} ${error.message}`, at);
    case 'minLength':
      return createDiagnostic('INVALID_VALUE', parsed.file, `${describePlace(path)} must not be empty`, at);
    case 'enum': {
      const allowed = ((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(String);
      const message = `${describePlace(path)} must be one of ${allowed.join(', ')}, not ${describeActual(error.data)}`;
      const suggestion = typeof error.data === 'string' ? suggestName(error.data, allowed) : undefined;
      return createDiagnostic('INVALID_VALUE', parsed.file, message, { ...at, suggestion });
    }
    default:
      return createDiagnostic(
        'INVALID_VALUE',
        parsed.file,
        `${describePlace(path)} ${error.message ?? 'is invalid'}`,
        at,
      );
  }
}

function mapUnknownKey(key: string, path: SpecPath, schema: SchemaNode, data: unknown, parsed: ParsedYaml) {
  const allowed = Object.keys(schema.properties ?? {}).filter((k) => k !== '$schema');
  const range = parsed.locateKey([...path, key]);
  if (schema.title === CONDITION_TITLE) {
    const record = (data ?? {}) as Record<string, unknown>;
    const isLeaf = 'var' in record || Object.keys(record).some(isOperatorName);
    const suggestion = suggestName(key, isLeaf ? OPERATOR_NAMES : allowed);
    if (isLeaf) {
      const list = suggestion ? '' : `; a condition on 'var' takes one of: ${OPERATOR_NAMES.join(', ')}`;
      const message = `'${key}' is not an operator${list}`;
      return createDiagnostic('UNKNOWN_OPERATOR', parsed.file, message, { range, suggestion });
    }
    const message = `'${key}' is not a condition key; a condition is { var: KEY, OPERATOR: VALUE } or one of ${CONDITION_KINDS.filter((k) => k !== 'var').join(', ')}`;
    return createDiagnostic('UNKNOWN_KEY', parsed.file, message, { range, suggestion });
  }
  const suggestion = suggestName(key, allowed);
  const owner = path.length === 0 ? 'at the top of the file' : `in ${describeOwner(path, schema.title)}`;
  const message = `unknown key '${key}' ${owner}${suggestion ? '' : `; allowed: ${allowed.join(', ')}`}`;
  return createDiagnostic('UNKNOWN_KEY', parsed.file, message, { range, suggestion });
}

/** A JSON pointer as a spec path: array indexes become numbers, `~1`/`~0` are unescaped. */
export function toSpecPath(pointer: string, root: unknown): SpecPath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const step: string | number = Array.isArray(current) && /^\d+$/.test(segment) ? Number(segment) : segment;
    path.push(step);
    current =
      current !== null && typeof current === 'object'
        ? (current as Record<string, unknown>)[step]
        : undefined;
  }
  return path;
}
