import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hrtime } from 'node:process';
import { runValidate } from '../src/cli/commands/validate/validate';
import { loadRules } from '../src/rules/load';
import { PackEditor } from './lsp-edits';
import { writeRulePack, type WrittenPack } from './lsp-pack';
import { compareWithBaseline, median, quantile, type Measured } from './measure';
import { REPO_ROOT } from './paths';
import { check, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, formatRatio, printTable } from './table';

const CLI = path.join(REPO_ROOT, 'dist/cli/main.js');
/** The goal on the median time from an edit of a rule file to its new diagnostics, in ms. */
const GOAL_MS = 200;

/** `rulehook validate DIR` in this process: the pack must load without errors. */
async function validatePack(pack: WrittenPack): Promise<void> {
  let out = '';
  const write = (text: string) => (out += text);
  const io = { stdout: { write }, stderr: { write }, cwd: pack.dir, env: {}, isTTY: false };
  const code = await runValidate(['.'], io);
  check(code === 0, `rulehook validate of the generated pack reports no errors (${out.trim()})`);
}

/** The cold re-check: read, parse and check every file of the pack, as `rulehook validate` does. */
async function loadCold(pack: WrittenPack): Promise<number> {
  const start = hrtime.bigint();
  const loaded = await loadRules(['.'], { cwd: pack.dir });
  const ns = Number(hrtime.bigint() - start);
  check(loaded.diagnostics.length === 0, 'the pack on disk loads without diagnostics');
  check(
    loaded.rulesets.reduce((n, r) => n + r.spec.rules.length, 0) === pack.rules,
    `the load holds ${pack.rules} rules`,
  );
  return ns;
}

/** Runs the three cases once a round, in an order rotated from one round to the next. */
async function measureRounds(pack: WrittenPack, editor: PackEditor, rounds: number, warmup: number) {
  const cases = [
    { label: 'loadRules of the pack, cold [baseline]', run: () => loadCold(pack) },
    { label: 'rulehook lsp: rule file edited → its diagnostics', run: () => editor.editRule() },
    { label: 'rulehook lsp: catalog edited → every rule file’s', run: () => editor.editCatalog() },
  ];
  const results: Measured[] = cases.map(({ label }) => ({
    label,
    operationsPerRound: 1,
    nsPerOp: [],
    busyNsPerOp: undefined,
  }));
  for (let round = 0; round < warmup + rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + round) % cases.length;
      const ns = await (cases[i] as (typeof cases)[number]).run();
      if (round >= warmup) (results[i] as Measured).nsPerOp.push(ns);
    }
  }
  return results as [Measured, Measured, Measured];
}

const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;

/**
 * `rulehook lsp` (the built CLI, over stdio) with a generated 1,000-rule pack
 * open: the time from sending an edit until the diagnostics it causes are
 * published, against loading the whole pack cold in this process (what a
 * re-check would cost without the server's load cache); rounds interleaved.
 */
export const lspSuite: Suite = {
  name: 'lsp',
  title: 'rulehook lsp re-check after an edit (1,000-rule pack) vs a cold load of the pack',
  async run(options: RunOptions) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-bench-lsp-'));
    try {
      const pack = writeRulePack(dir, options.quick ? 10 : 100);
      await validatePack(pack);
      const { editor, firstNs } = await PackEditor.open(pack, CLI);
      const [rounds, warmup] = options.quick ? [3, 0] : [40, 5];
      const [cold, rule, catalog] = await measureRounds(pack, editor, rounds, warmup);
      await editor.stop();
      const size = `${formatCount(pack.rules)} rules in ${pack.ruleFiles.length} files`;
      const stats = (m: Measured) => ({
        median: median(m.nsPerOp),
        p90: quantile(m.nsPerOp, 0.9),
        max: Math.max(...m.nsPerOp),
      });
      printTable(
        `lsp: ${size}; first diagnostics after opening ${ms(firstNs)} (${rounds} interleaved rounds)`,
        ['case', 'median', 'p90', 'max', 'cold load ÷ case'],
        [cold, rule, catalog].map((m) => {
          const s = stats(m);
          return [m.label, ms(s.median), ms(s.p90), ms(s.max), formatRatio(compareWithBaseline(m, cold))];
        }),
      );
      const row = (subject: string, m: Measured, goal: boolean): ResultRow => {
        const s = stats(m);
        return {
          path: 'lsp',
          subject: `${subject} (${size})`,
          baseline: 'loadRules of the whole pack, cold (as validate)',
          ratio: compareWithBaseline(m, cold),
          measured: { value: s.median / 1e6, unit: 'ms' },
          figures: `median ${ms(s.median)}, p90 ${ms(s.p90)}, max ${ms(s.max)} vs ${ms(median(cold.nsPerOp))}`,
          ...(goal ? { goal: `≤ ${GOAL_MS} ms`, met: s.median / 1e6 <= GOAL_MS } : {}),
        };
      };
      return [
        row('rulehook lsp: rule file edited → its diagnostics', rule, true),
        row('rulehook lsp: catalog edited → every rule file’s diagnostics', catalog, false),
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
