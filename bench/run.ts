import path from 'node:path';
import { hrtime } from 'node:process';
import { parseArgs } from 'node:util';
import { consoleSuite } from './console';
import { decodeSuite } from './decode';
import { filterDecisionSuite } from './filter-decision';
import { globSuite } from './glob';
import { grpcHostSuite } from './grpc-host';
import { handWrittenSuite } from './hand-written';
import { httpHostSuite } from './http-host';
import { jsonRulesEngineSuite } from './json-rules-engine';
import { latencySuite } from './latency';
import { REPO_ROOT } from './paths';
import { logsSuite } from './logs';
import { lspSuite } from './lsp';
import { ownUpdatesSuite } from './own-updates';
import { processorSuite } from './processor';
import { regexSuite } from './regex';
import { replayThroughputSuite } from './replay-throughput';
import { rulesIndexSuite } from './rules-index';
import { sealedStateSuite } from './sealed-state';
import { sessionMemorySuite } from './session-memory';
import { trafficSuite } from './traffic';
import type { Suite } from './suite';
import { readLoadAverage, describeMachine, printSummary, writeResults, type BenchResults } from './summary';

const SUITES: readonly Suite[] = [
  rulesIndexSuite,
  handWrittenSuite,
  jsonRulesEngineSuite,
  filterDecisionSuite,
  sessionMemorySuite,
  replayThroughputSuite,
  processorSuite,
  ownUpdatesSuite,
  sealedStateSuite,
  httpHostSuite,
  grpcHostSuite,
  decodeSuite,
  regexSuite,
  globSuite,
  logsSuite,
  trafficSuite,
  latencySuite,
  lspSuite,
  consoleSuite,
];

const USAGE = 'usage: npm run bench -- [--quick] [--out FILE] [SUITE...]';

/**
 * `npm run bench` runs every suite, prints one summary table and writes it to
 * `bench/results/latest.json`; `npm run bench -- NAME...` runs the named ones;
 * `--quick` runs every subject a few times, to prove the suites run and their
 * sanity checks hold (it writes `bench/results/quick.json`).
 */
async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { quick: { type: 'boolean', default: false }, out: { type: 'string' } },
    allowPositionals: true,
  });
  const unknown = positionals.filter((a) => !SUITES.some((s) => s.name === a));
  if (unknown.length > 0) {
    console.error(`unknown suite ${unknown.join(', ')}; suites: ${SUITES.map((s) => s.name).join(', ')}`);
    console.error(USAGE);
    return 2;
  }
  const quick = values.quick === true;
  const out = values.out ?? path.join(REPO_ROOT, 'bench/results', quick ? 'quick.json' : 'latest.json');
  const selected = positionals.length === 0 ? SUITES : SUITES.filter((s) => positionals.includes(s.name));
  const described = describeMachine();
  const { machine } = described;
  console.log(`rulehook benchmarks: node ${described.node}, ${machine.cores} cores (${machine.cpuModel})`);
  console.log('Ratios compare each subject with a baseline measured in the same run, round by round.');
  const date = new Date().toISOString();
  const load = readLoadAverage();
  const started = hrtime.bigint();
  const rows: BenchResults['rows'] = [];
  for (const suite of selected) {
    console.log(`\n=== ${suite.name}: ${suite.title}`);
    const start = hrtime.bigint();
    for (const row of await suite.run({ quick })) rows.push({ suite: suite.name, ...row });
    console.log(`\n(${suite.name}: ${seconds(start)} s)`);
  }
  const results: BenchResults = {
    date,
    ...described,
    loadAverage: { start: load, end: readLoadAverage() },
    quick,
    suites: selected.map((s) => s.name),
    seconds: Number(seconds(started)),
    rows,
  };
  printSummary(results);
  writeResults(out, results);
  console.log(`\ntotal: ${seconds(started)} s; results written to ${path.relative(process.cwd(), out)}`);
  return 0;
}

function seconds(since: bigint): string {
  return (Number(hrtime.bigint() - since) / 1e9).toFixed(1);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
