import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BearerTokens } from './bearer-tokens';

const OLD = 'old-token-0123456789abcdef';
const NEW = 'new-token-0123456789abcdef';

function tokensFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rulehook-tokens-')), 'tokens');
  writeFileSync(file, text);
  return file;
}

async function load(file: string): Promise<BearerTokens> {
  const loaded = await BearerTokens.load(file);
  if (!loaded.ok) throw new Error(loaded.message);
  return loaded.tokens;
}

describe('BearerTokens', () => {
  it('accepts every token of the set, and nothing else, whatever its length', async () => {
    const tokens = await load(tokensFile(`${OLD}\n${NEW}\n`));
    expect(tokens.count).toBe(2);
    expect([OLD, NEW].map((t) => tokens.matches(t))).toEqual([true, true]);
    const others = ['', 'x', OLD.slice(0, -1), `${OLD}0`, OLD.toUpperCase(), 'z'.repeat(10_000)];
    expect(others.map((t) => tokens.matches(t))).toEqual(others.map(() => false));
  });

  it('takes about as long to refuse a token sharing a long prefix as one sharing none', async () => {
    const tokens = await load(tokensFile(`${'k'.repeat(4096)}\n`));
    const time = (token: string): number => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 2000; i++) tokens.matches(token);
      return Number(process.hrtime.bigint() - start);
    };
    const near = `${'k'.repeat(4095)}j`;
    const far = `j${'k'.repeat(4095)}`;
    time(near);
    time(far);
    // Both are hashed whole and compared digest to digest: a short-circuiting string compare would make
    // `near` (4,095 equal characters) far slower than `far` (none). Generous, for a shared machine.
    const ratios = [1, 2, 3].map(() => time(near) / time(far));
    expect(Math.min(...ratios)).toBeLessThan(2);
  });

  it('reload() picks up a changed file: a new token valid, a removed one refused', async () => {
    const file = tokensFile(`${OLD}\n`);
    const tokens = await load(file);
    writeFileSync(file, `# rotated\n${NEW}\n`);
    expect(await tokens.reload()).toEqual({ ok: true, count: 1 });
    expect([tokens.matches(NEW), tokens.matches(OLD)]).toEqual([true, false]);
  });

  it.each([
    ['with no token', '# emptied by mistake\n', 'holds no token'],
    ['with a bad token', `${NEW}\ntoo-short\n`, ':2: a token must be at least 16 characters'],
  ])('reload() keeps the old set when the file is left %s, and says why', async (_case, text, why) => {
    const file = tokensFile(`${OLD}\n`);
    const tokens = await load(file);
    writeFileSync(file, text);
    const result = await tokens.reload();
    expect(result).toEqual({ ok: false, message: expect.stringContaining(why) });
    expect(!result.ok && result.message).toMatch(/; keeping the 1 tokens loaded before$/);
    expect([tokens.matches(OLD), tokens.matches(NEW)]).toEqual([true, false]);
  });

  it('refuses to load, or reload, a file it cannot read', async () => {
    const missing = path.join(tmpdir(), 'rulehook-no-such-dir', 'tokens');
    expect(await BearerTokens.load(missing)).toEqual({
      ok: false,
      message: `cannot read the tokens file ${missing} (ENOENT)`,
    });
  });
});
