import type { OperatorName } from '../../operators';
import { containsOperator } from './contains';
import { endsWithOperator } from './ends-with';
import { equalsOperator } from './equals';
import { existsOperator } from './exists';
import { gtOperator } from './gt';
import { gteOperator } from './gte';
import { inOperator } from './in';
import { ltOperator } from './lt';
import { lteOperator } from './lte';
import { matchesOperator } from './matches';
import { notEqualsOperator } from './not-equals';
import { notInOperator } from './not-in';
import type { OperatorDefinition } from './operator';
import { regexOperator } from './regex';
import { startsWithOperator } from './starts-with';

/** Every operator of the DSL by name; the type makes a missing one a compile error. */
export const OPERATOR_REGISTRY: Readonly<Record<OperatorName, OperatorDefinition>> = {
  equals: equalsOperator,
  not_equals: notEqualsOperator,
  in: inOperator,
  not_in: notInOperator,
  matches: matchesOperator,
  regex: regexOperator,
  exists: existsOperator,
  gt: gtOperator,
  gte: gteOperator,
  lt: ltOperator,
  lte: lteOperator,
  contains: containsOperator,
  starts_with: startsWithOperator,
  ends_with: endsWithOperator,
};
