import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../../../package-root';

/** The starter pack as shipped: real files, so that rulehook's own tests and editors read them as they are. */
export const STARTER_PACK_DIR = path.join(PACKAGE_ROOT, 'templates', 'starter-pack');

export interface StarterFile {
  /** Relative to the pack, with `/`. */
  path: string;
  /** What it is, for the list `rulehook init` prints. */
  role: string;
  /** The schema its first line points editors at (a file of the package's schema/); none for others. */
  schema?: string;
}

/** In the order `rulehook init` lists them. */
export const STARTER_FILES: readonly StarterFile[] = [
  {
    path: 'catalog.yaml',
    role: "your engine's names: events, variables, nodes, actions",
    schema: 'catalog.schema.json',
  },
  { path: 'starter.yaml', role: 'the rules, to edit', schema: 'rules.schema.json' },
  { path: 'starter.test.yaml', role: 'scenario tests (rulehook test)', schema: 'scenario.schema.json' },
  { path: 'recordings/sample-calls.jsonl', role: 'recorded calls (rulehook replay)' },
  { path: 'README.md', role: 'the next steps' },
];

const SCHEMA_LINE = /^# yaml-language-server: \$schema=\S+/;

/**
 * A starter file's text for a pack in `packDir` (a real path): its `$schema` line points at this
 * package's own schema, relative to the file, so that it resolves wherever rulehook runs from (a
 * dependency's node_modules/rulehook, a checkout). Yaml-language-server reads the path with `/`.
 */
export async function renderStarterFile(file: StarterFile, packDir: string): Promise<string> {
  const text = await readFile(path.join(STARTER_PACK_DIR, file.path), 'utf8');
  if (file.schema === undefined) return text;
  if (!SCHEMA_LINE.test(text))
    throw new Error(`rulehook: ${file.path} of the starter pack has no $schema line`);
  const reference = describeSchemaReference(path.dirname(path.join(packDir, file.path)), file.schema);
  return text.replace(SCHEMA_LINE, `# yaml-language-server: $schema=${reference}`);
}

/** The path from `fromDir` to a schema of this package, as a `$schema` value. */
export function describeSchemaReference(fromDir: string, schema: string): string {
  const target = path.join(PACKAGE_ROOT, 'schema', schema);
  const relative = path.relative(fromDir, target);
  // On another drive (Windows) there is no relative path: a file URL then.
  return path.isAbsolute(relative) ? pathToFileURL(target).href : relative.split(path.sep).join('/');
}
