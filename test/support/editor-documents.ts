import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const ROOT = path.resolve(__dirname, '../..');

/** The YAML file kinds rulehook reads, by the name of their shipped schema (`schema/<kind>.schema.json`). */
export const KINDS = ['rules', 'catalog', 'scenario', 'sandbox', 'config'] as const;
export type Kind = (typeof KINDS)[number];

export interface EditorDocument {
  /** Where it comes from, for messages: a path, or `docs/rules.md:23`. */
  source: string;
  kind: Kind;
  text: string;
  /**
   * The path it is opened at: the file itself when it names its schema with a modeline (which the
   * editor then follows, so the modeline is tested too); else a path under `editor-check/<kind>/`,
   * which the language server's `yaml.schemas` setting maps to the schema of that kind.
   */
  openAt: string;
}

const MODELINE = /^# yaml-language-server: \$schema=(\S+)$/m;

/** The schema directory of the editor-check paths: `yaml.schemas` globs, by schema file. */
export function listSchemaAssociations(): Record<string, string[]> {
  return Object.fromEntries(
    KINDS.map((kind) => [path.join(ROOT, 'schema', `${kind}.schema.json`), [`**/editor-check/${kind}/**`]]),
  );
}

/** Every YAML file rulehook reads under `dirs` (relative to the repository), with its kind. */
export function listFileDocuments(dirs: readonly string[]): EditorDocument[] {
  return dirs
    .flatMap((dir) => listYamlFiles(path.join(ROOT, dir)))
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      const source = path.relative(ROOT, file);
      const named = kindOfModeline(text);
      if (named) return { source, kind: named, text, openAt: file };
      const kind: Kind = file.endsWith('.test.yaml')
        ? 'scenario'
        : path.basename(file) === 'catalog.yaml'
          ? 'catalog'
          : 'rules';
      return { source, kind, text, openAt: virtualPath(kind, source) };
    });
}

/**
 * The ```yaml blocks of docs/*.md that are whole files: a modeline names the kind, or the top-level keys
 * do (`ruleset`: a rule file; `tests`: a scenario file; `persons`/`outcomes`: a sandbox scenario).
 * Fragments (a rule, a condition) are left out. Their modelines point where an installation keeps the
 * schemas, so they are blanked (the line stays, so positions do not move) and the kind's path is used.
 */
export function listDocSnippets(): EditorDocument[] {
  const docs = path.join(ROOT, 'docs');
  const found: EditorDocument[] = [];
  for (const name of readdirSync(docs)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const markdown = readFileSync(path.join(docs, name), 'utf8');
    for (const match of markdown.matchAll(/^```yaml\n([\s\S]*?)^```/gm)) {
      const line = markdown.slice(0, match.index).split('\n').length + 1;
      const text = match[1]!;
      const kind = kindOfModeline(text) ?? kindOfKeys(text);
      if (kind === undefined) continue;
      const source = `docs/${name}:${line}`;
      found.push({ source, kind, text: text.replace(MODELINE, '#'), openAt: virtualPath(kind, source) });
    }
  }
  return found;
}

function kindOfModeline(text: string): Kind | undefined {
  const schema = MODELINE.exec(text)?.[1];
  const kind = schema === undefined ? undefined : /([a-z]+)\.schema\.json$/.exec(schema)?.[1];
  return KINDS.find((k) => k === kind);
}

function kindOfKeys(text: string): Kind | undefined {
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.includes('ruleset')) return 'rules';
  if (keys.includes('tests')) return 'scenario';
  if (keys.includes('persons') || keys.includes('outcomes')) return 'sandbox';
  return undefined;
}

function virtualPath(kind: Kind, source: string): string {
  return path.join(ROOT, 'editor-check', kind, `${source.replace(/[/:]/g, '_')}.yaml`);
}

function listYamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
