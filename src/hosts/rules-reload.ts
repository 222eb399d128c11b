/**
 * What `POST /admin/reload` reports: the rule set served after the reload, and
 * why it is that one. `refused` keeps the last good rule set (`revision`), and
 * `diagnostics` (JSON diagnostics, as `rulehook validate --format json` prints
 * them) say what is wrong with the new one.
 */
export interface RulesReloadReport {
  result: 'reloaded' | 'unchanged' | 'refused';
  revision: string;
  previous: string;
  diagnostics: readonly object[];
}

/** Reloads the rules from disk, validating them first (the server provides it). */
export type RulesReload = () => Promise<RulesReloadReport>;
