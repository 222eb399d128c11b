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
  /** Session variable names, or globs of names (`custom.*`). */
  variables?: string[];
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

/** A catalog as loaded from its file. */
export interface Catalog {
  file: string;
  spec: CatalogSpec;
}
