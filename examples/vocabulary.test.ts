import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogSpec } from '../src/rules/catalog';
import { loadPack } from './pack-test-kit';

/** The example packs share one invented vocabulary: the same catalog everywhere, all of it documented. */
const PACKS = ['enrollment-after-opt-in', 'fraud-and-spoofing', 'noise-reduction'];

let catalogs: CatalogSpec[];
beforeAll(async () => {
  catalogs = await Promise.all(
    PACKS.map(async (pack) => {
      const { loaded } = await loadPack(path.join(__dirname, pack));
      if (!loaded.catalog) throw new Error(`${pack} has no usable catalog`);
      return loaded.catalog.spec;
    }),
  );
});

const withoutDescription = ({ description: _description, ...names }: CatalogSpec) => names;

describe('the shared vocabulary', () => {
  it('is declared identically by every pack (only the description differs)', () => {
    const [first, ...others] = catalogs.map(withoutDescription);
    for (const other of others) expect(other).toEqual(first);
  });

  it('is documented, name by name, in examples/README.md', async () => {
    const readme = await readFile(path.join(__dirname, 'README.md'), 'utf8');
    const spec = catalogs[0]!;
    const names = [
      ...(spec.events ?? []),
      ...(spec.nodes ?? []),
      ...(spec.variables ?? []),
      ...Object.entries(spec.actions ?? {}).flatMap(([action, details]) => [
        action,
        ...Object.keys(details?.parameters ?? {}),
      ]),
    ];
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('marks exactly the required parameters in bold in examples/README.md', async () => {
    const readme = await readFile(path.join(__dirname, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Actions'), readme.indexOf('### Session variables'));
    for (const [action, details] of Object.entries(catalogs[0]!.actions ?? {})) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`${action}\` |`));
      expect(row).toBeDefined();
      for (const [parameter, spec] of Object.entries(details?.parameters ?? {}))
        expect([parameter, row!.includes(`**\`${parameter}\`**`)]).toEqual([
          parameter,
          spec?.required === true,
        ]);
    }
  });
});
