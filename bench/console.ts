import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { findMissingChromium, launchChromium } from '../test/support/chromium';
import { API_CALLS, timeCall, withConsolePack, type ConsolePack } from './console-api';
import { loadConsolePage, type PageLoad } from './console-page';
import { compareWithBaseline, median, pairedRatio, quantile, type Measured } from './measure';
import { REPO_ROOT } from './paths';
import { check, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatCount, formatRatio, printTable } from './table';

/** One case of a round: times one operation, in ns. */
type Case = () => Promise<number>;

/** Runs a subject and its baseline once a round, in an order rotated from one round to the next. */
async function interleave(baseline: Case, subject: Case, rounds: number, warmup: number) {
  const cases = [baseline, subject];
  const measured: [number[], number[]] = [[], []];
  for (let round = 0; round < warmup + rounds; round++) {
    for (let k = 0; k < 2; k++) {
      const i = (k + round) % 2;
      const ns = await (cases[i] as Case)();
      if (round >= warmup) measured[i]?.push(ns);
    }
  }
  const asMeasured = (nsPerOp: number[], label: string): Measured => ({
    label,
    operationsPerRound: 1,
    nsPerOp,
    busyNsPerOp: undefined,
  });
  return { small: asMeasured(measured[0], 'baseline'), large: asMeasured(measured[1], 'subject') };
}

const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** A summary row: the large pack against the small one, with the ratio the other way round in `figures`. */
function compareRow(
  subject: string,
  { small, large }: { small: Measured; large: Measured },
  packs: { small: ConsolePack; large: ConsolePack },
): ResultRow {
  const rules = (p: ConsolePack) => `${formatCount(p.pack.rules)} rules`;
  const grows = pairedRatio(large.nsPerOp, small.nsPerOp);
  return {
    path: 'console',
    subject: `${subject} (${rules(packs.large)})`,
    baseline: `the same with ${rules(packs.small)}`,
    ratio: compareWithBaseline(large, small),
    measured: { value: median(large.nsPerOp) / 1e6, unit: 'ms' },
    figures:
      `median ${ms(median(large.nsPerOp))}, p90 ${ms(quantile(large.nsPerOp, 0.9))} vs ` +
      `${ms(median(small.nsPerOp))}; ${rules(packs.large)} ÷ ${rules(packs.small)} = ${formatRatio(grows)}`,
  };
}

/** Page loads of both packs, interleaved; prints their phases. */
async function measurePage(
  browser: Browser,
  small: ConsolePack,
  large: ConsolePack,
  rounds: number,
  warmup: number,
) {
  const loads = new Map<ConsolePack, PageLoad[]>([
    [small, []],
    [large, []],
  ]);
  const load = (pack: ConsolePack) => async () => {
    const timings = await loadConsolePage(browser, pack.server.url, pack.ready);
    loads.get(pack)?.push(timings);
    return timings.frame * 1e6;
  };
  const measured = await interleave(load(small), load(large), rounds, warmup);
  const phase = (pack: ConsolePack, key: keyof PageLoad) =>
    `${median((loads.get(pack) ?? []).slice(warmup).map((l) => l[key])).toFixed(1)} ms`;
  printTable(
    `console page, navigation → ready to edit (${rounds} interleaved rounds, medians; fresh context each)`,
    ['pack', 'console.js received', 'pack answered', 'DOM ready', 'frame (ready to edit)'],
    [small, large].map((p) => [
      `${formatCount(p.pack.rules)} rules, ${p.ready.files} files`,
      phase(p, 'script'),
      phase(p, 'pack'),
      phase(p, 'ready'),
      phase(p, 'frame'),
    ]),
  );
  return measured;
}

/** The bundle the page loads: console.js as built, and gzipped (what a compressing proxy would send). */
function measureBundle(): ResultRow {
  const raw = readFileSync(path.join(REPO_ROOT, 'dist/console/console.js'));
  const gzipped = gzipSync(raw).length;
  check(raw.length > 0, 'dist/console/console.js is built');
  return {
    path: 'console-bundle',
    subject: 'dist/console/console.js',
    baseline: '(absolute: bytes, gzipped)',
    measured: { value: Number((gzipped / 1024).toFixed(1)), unit: 'KiB gzipped' },
    figures: `${kib(raw.length)} raw, ${kib(gzipped)} gzipped`,
  };
}

/**
 * `rulehook console` (the built CLI) on a generated pack of 1,000 rules and on one of 10 (the same
 * catalog and 10 rule files), opened in Debian's chromium: the time from navigation to the page ready to
 * edit, and the API calls the page makes as it opens and as its user types; plus the bundle's size.
 */
export const consoleSuite: Suite = {
  name: 'console',
  title: 'rulehook console opening a 1,000-rule pack in chromium vs a 10-rule pack; its API; its bundle',
  async run(options: RunOptions) {
    const missing = findMissingChromium();
    if (missing !== undefined) {
      console.log(`chromium is not installed: the console suite is skipped (${missing})`);
      return [];
    }
    const bundle = measureBundle();
    console.log(`\nconsole.js: ${bundle.figures}`);
    const [pageRounds, apiRounds, warmup] = options.quick ? [3, 3, 0] : [15, 40, 3];
    return withConsolePack(1, (small) =>
      withConsolePack(options.quick ? 10 : 100, async (large) => {
        const packs = { small, large };
        const browser = await launchChromium();
        try {
          const page = await measurePage(browser, small, large, pageRounds, warmup);
          const api = async (call: (pack: ConsolePack) => Promise<void>) =>
            interleave(
              () => timeCall(() => call(small)),
              () => timeCall(() => call(large)),
              apiRounds,
              warmup,
            );
          const pack = await api(API_CALLS.pack);
          const checked = await api(API_CALLS.check);
          const rows = [
            compareRow('console page: navigation → ready to edit', page, packs),
            compareRow('GET /console/api/pack', pack, packs),
            compareRow('POST /console/api/check, one rule file edited', checked, packs),
          ];
          printTable(
            'console: the large pack against the small one',
            ['case', 'median', 'figures'],
            rows.map((r) => [r.subject, ms((r.measured?.value ?? 0) * 1e6), r.figures ?? '']),
          );
          return [...rows, bundle];
        } finally {
          await browser.close();
        }
      }),
    );
  },
};
