import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/architecture.md sets the two hosts side by side, one job per row, with the file doing it in each host.
 * Every file of src/hosts/http and src/hosts/grpc is in its column, only files that exist are, and a file name
 * both folders have is on one row in both columns: the same job.
 */
const ROOT = path.join(__dirname, '..');
const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** The table's rows: the files of the HTTP and the gRPC column (`name.ts`, not `../name.ts`). */
function readHostTable(): { http: string[]; grpc: string[] }[] {
  const start = DOC.indexOf('| job | HTTP (`src/hosts/http/`) | gRPC (`src/hosts/grpc/`) |');
  expect(start).toBeGreaterThan(-1);
  const files = (cell: string) => [...cell.matchAll(/`([a-z0-9-]+\.ts)`/g)].map((m) => m[1]!);
  return DOC.slice(start, DOC.indexOf('\n\n', start))
    .split('\n')
    .slice(2)
    .map((row) => {
      const [, , http = '', grpc = ''] = row.split('|');
      return { http: files(http), grpc: files(grpc) };
    });
}

/** A host's modules: its files but tests and the index, which only re-exports. */
const listModules = (host: string) =>
  readdirSync(path.join(ROOT, 'src/hosts', host))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts')
    .sort();

describe('docs/architecture.md, the two hosts side by side', () => {
  const rows = readHostTable();

  it.each(['http', 'grpc'] as const)('names every module of src/hosts/%s, and only those', (host) => {
    const named = new Set(rows.flatMap((row) => row[host]));
    expect([...named].sort()).toEqual(listModules(host));
  });

  it('puts a file name both hosts have on one row in both columns', () => {
    const shared = listModules('http').filter((name) => listModules('grpc').includes(name));
    expect(shared.length).toBeGreaterThan(3);
    for (const name of shared)
      expect({
        name,
        paired: rows.some((row) => row.http.includes(name) && row.grpc.includes(name)),
      }).toEqual({
        name,
        paired: true,
      });
  });
});
