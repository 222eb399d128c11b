import path from 'node:path';
import { CATALOG_FILE } from '../../rules/load/find-rule-files';
import { SCENARIO_FILE } from '../../testing/scenario/find-test-files';

/** What a YAML file of a workspace is to rulehook; `other` files get no diagnostics. */
export type FileKind = 'rules' | 'catalog' | 'scenario' | 'sandbox' | 'other';

const YAML_FILE = /\.ya?ml$/;
const MODELINE = /^#\s*yaml-language-server:\s*\$schema=\S*?([a-z]+)\.schema\.json/m;
const MODELINE_KINDS: Record<string, FileKind> = {
  rules: 'rules',
  catalog: 'catalog',
  scenario: 'scenario',
  sandbox: 'sandbox',
};
const TOP_LEVEL_KEY = /^([a-z_]+):/gm;
const RULE_KEYS = new Set(['ruleset', 'rules', 'conditions', 'lists', 'when']);
const SANDBOX_KEYS = new Set(['persons', 'media', 'outcomes', 'ivr_steps', 'recordings', 'liveness_prompts']);

/**
 * Tells a file's kind as `rulehook` commands do: by name first (`catalog.yaml`,
 * `*.test.yaml`), then by the schema modeline the shipped files carry, then by
 * its top-level keys. `inPack` is true when the file sits under a directory with
 * a catalog: there `validate DIR` takes every other YAML file as a rule file, so
 * the editor does too. Elsewhere, a YAML file is a rule file only when it looks
 * like one, so that unrelated YAML (CI workflows, compose files) is left alone.
 */
export function classifyFile(absolute: string, text: string, inPack: boolean): FileKind {
  const name = path.basename(absolute);
  if (!YAML_FILE.test(name)) return 'other';
  if (CATALOG_FILE.test(name)) return 'catalog';
  if (SCENARIO_FILE.test(name)) return 'scenario';
  const declared = MODELINE.exec(text)?.[1];
  if (declared !== undefined && MODELINE_KINDS[declared] !== undefined) return MODELINE_KINDS[declared];
  const keys = [...text.matchAll(TOP_LEVEL_KEY)].map((m) => m[1]!);
  if (keys.some((key) => SANDBOX_KEYS.has(key)) && !keys.includes('ruleset')) return 'sandbox';
  if (inPack || keys.some((key) => RULE_KEYS.has(key))) return 'rules';
  return 'other';
}
