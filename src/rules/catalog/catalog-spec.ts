import type { VARIABLE_KINDS } from '../schema/catalog-schema';

/**
 * A catalog: the names a deployment's engine uses, which the wire spec leaves
 * unlisted. Every section is optional, and names are checked only against the
 * sections present (a catalog of actions alone says nothing about events).
 */
export interface CatalogSpec {
  description?: string;
  /** Values of `state.currentEvent`. */
  events?: string[];
  /** Built-in flow nodes, for `enable` / `disable`. */
  nodes?: string[];
  /**
   * Session variable names, or globs of names (`custom.*`), in written order, whichever form the
   * file uses (a list of names, or a mapping of names to declarations).
   */
  variables?: string[];
  /** With the mapping form: what it declares of each name or glob, in written order (absent with a list). */
  declarations?: VariableDeclaration[];
  /** Action name -> its description; null when written with no details. */
  actions?: Record<string, ActionSpec | null>;
}

export interface ActionSpec {
  description?: string;
  /** When present, the complete list of the action's parameters. Absent: not checked. */
  parameters?: Record<string, ParameterSpec | null>;
}

export interface ParameterSpec {
  required?: boolean;
  description?: string;
}

/** How a variable's text is read: any text, a number (as gt/lt read it), or `true` / `false`. */
export type VariableKind = (typeof VARIABLE_KINDS)[number];

/** A value a variable may take, with what it means. */
export interface AllowedValue {
  value: string;
  description?: string;
}

/**
 * A variable's declaration, normalized: `kind` is set when the file gives one, or `values` or `pattern`
 * (which make it `text`); a declaration without a kind leaves the variable's values unchecked.
 */
export interface VariableDeclaration {
  /** The variable name, or glob of names, it declares. */
  name: string;
  kind?: VariableKind;
  /** When present, the only values the variable takes (compared exactly, case included). */
  values?: AllowedValue[];
  /** When present, an RE2 regular expression every value contains a match of (`^...$` for the whole value). */
  pattern?: string;
  description?: string;
}

/** A catalog as loaded from its file. */
export interface Catalog {
  file: string;
  spec: CatalogSpec;
}
