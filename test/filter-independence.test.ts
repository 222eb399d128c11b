import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The filter engine is a pure library that others may use: it imports nothing but its own files. */
describe('src/filter', () => {
  const dir = path.resolve(__dirname, '../src/filter');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it('has source files', () => expect(files.length).toBeGreaterThan(3));

  it.each(files)('%s imports only from src/filter', (file) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
    const requires = [...text.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
    for (const specifier of [...specifiers, ...requires]) expect(specifier).toMatch(/^\.\/[a-z-]+$/);
  });
});
