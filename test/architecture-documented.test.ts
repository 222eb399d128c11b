import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/architecture.md draws the layers of src/ twice, as a folder tree and as a table of what each layer
 * may import; `.dependency-cruiser.cjs` enforces the same table. Every layer, folder and stage named in one
 * is in the others, with the same imports allowed.
 */
const ROOT = path.join(__dirname, '..');
const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

interface ForbiddenRule {
  name: string;
  to: { pathNot?: string | string[] };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS, read as dependency-cruiser reads it
const config = require(path.join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: ForbiddenRule[] };

/** What a layer may import, `*` for everything, and the stages inside it (empty: none drawn). */
interface Layer {
  imports: string[];
  stages: string[];
}

/** The words of an `(inside: ...)` note that join stage names rather than name one. */
const JOINING_WORDS = new Set(['on', 'and', 'wires', 'them']);

const namesIn = (text: string) => [...text.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
const sorted = (names: Iterable<string>) => [...names].sort();

/** The table of "## Layers": `| \`a\`, \`b\` | \`c\`, \`d\` (inside: x → y) |`. */
function readLayerTable(): Map<string, Layer> {
  const start = DOC.indexOf('| layer | may import |');
  const rows = DOC.slice(start, DOC.indexOf('\n\n', start)).split('\n').slice(2);
  const layers = new Map<string, Layer>();
  for (const row of rows) {
    const [, names = '', imports = ''] = row.split('|');
    const [allowed = '', inside = ''] = imports.split(' (inside: ');
    const stages = (inside.split(')')[0]!.match(/[a-z]+/g) ?? []).filter((w) => !JOINING_WORDS.has(w));
    const layer = { imports: allowed.trim() === 'everything' ? ['*'] : namesIn(allowed), stages };
    for (const name of namesIn(names)) layers.set(name, layer);
  }
  return layers;
}

/** A folder pattern of the config (`^src/rules/`, `^src/package-root\.ts$`) as the layer's name. */
function toLayerName(pattern: string): string {
  const match = /^\^src\/([a-z-]+)(?:\/|\\\.ts\$)$/.exec(pattern);
  if (match === null) throw new Error(`not a layer's pattern: ${pattern}`);
  return match[1]!;
}

/** The config's layer rules (`layer-NAME`: its own folder, then what it may import) and stage rules. */
function readConfig(): { imports: Map<string, string[]>; stages: Map<string, string[]> } {
  const imports = new Map<string, string[]>();
  const stages = new Map<string, string[]>();
  for (const rule of config.forbidden) {
    const layer = /^layer-([a-z-]+)$/.exec(rule.name)?.[1];
    if (layer !== undefined) {
      const [own = '', ...allowed] = [rule.to.pathNot ?? []].flat();
      expect(toLayerName(own)).toBe(layer);
      imports.set(layer, allowed.map(toLayerName));
    }
    const stage = /^([a-z]+)-stage-([a-z]+)$/.exec(rule.name);
    if (stage !== null) stages.set(stage[1]!, [...(stages.get(stage[1]!) ?? []), stage[2]!]);
  }
  return { imports, stages };
}

/**
 * The folder tree's entries under `src/`: top-level (two spaces in; not the public entry point, index.ts)
 * with the folders below each (four).
 */
function readFolderTree(): Map<string, string[]> {
  const start = DOC.indexOf('\nsrc/\n') + '\nsrc/\n'.length;
  const tree = new Map<string, string[]>();
  let parent = '';
  for (const line of DOC.slice(start).split('\n')) {
    if (!line.startsWith('  ')) break;
    const top = /^ {2}([a-z-]+)(?:\/|\.ts)(?: |$)/.exec(line)?.[1];
    const below = /^ {4}([a-z-]+)\/(?: |$)/.exec(line)?.[1];
    if (top === 'index') parent = top;
    else if (top !== undefined) tree.set((parent = top), []);
    else if (below !== undefined) tree.get(parent)!.push(below);
  }
  return tree;
}

/** The layers of src/ on disk: its folders, and its top-level modules other than the public entry point. */
function listSourceLayers(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (entry.name.endsWith('.ts') && entry.name !== 'index.ts'))
    .map((entry) => entry.name.replace(/\.ts$/, ''));
}

const listFolders = (dir: string) =>
  readdirSync(path.join(ROOT, 'src', dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('docs/architecture.md', () => {
  const table = readLayerTable();
  const cruiser = readConfig();
  const tree = readFolderTree();

  it('has a row in its layer table for every layer of src/, and no other', () => {
    expect(table.size).toBeGreaterThan(10);
    expect(sorted(table.keys())).toEqual(sorted(listSourceLayers()));
  });

  it('allows each layer the imports .dependency-cruiser.cjs allows it', () => {
    const documented = [...table]
      .filter(([, layer]) => !layer.imports.includes('*'))
      .map(([name, layer]) => [name, sorted(layer.imports)]);
    const enforced = [...cruiser.imports].map(([name, allowed]) => [name, sorted(allowed)]);
    expect(sorted(documented.map((row) => JSON.stringify(row)))).toEqual(
      sorted(enforced.map((row) => JSON.stringify(row))),
    );
  });

  it('names, inside each layer, the stages .dependency-cruiser.cjs orders', () => {
    const documented = [...table].filter(([, layer]) => layer.stages.length > 0);
    expect(sorted(documented.map(([name]) => name))).toEqual(sorted(cruiser.stages.keys()));
    for (const [name, layer] of documented)
      expect({ name, stages: sorted(new Set(layer.stages)) }).toEqual({
        name,
        stages: sorted(cruiser.stages.get(name)!),
      });
  });

  it('draws every layer of src/ in its folder tree, with the stages of each as its folders', () => {
    expect(sorted(tree.keys())).toEqual(sorted(listSourceLayers()));
    for (const [layer, stages] of cruiser.stages)
      expect({ layer, folders: sorted(tree.get(layer)!) }).toEqual({ layer, folders: sorted(stages) });
  });

  it('draws only folders that exist, and every folder of the layers it details', () => {
    for (const [layer, folders] of tree)
      if (folders.length > 0)
        expect({ layer, folders: sorted(folders) }).toEqual({ layer, folders: sorted(listFolders(layer)) });
  });
});
