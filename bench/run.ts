import { cpus } from 'node:os';
import { hrtime } from 'node:process';
import { decodeSuite } from './decode';
import { globSuite } from './glob';
import { grpcHostSuite } from './grpc-host';
import { httpHostSuite } from './http-host';
import { processorSuite } from './processor';
import { regexSuite } from './regex';
import { rulesIndexSuite } from './rules-index';
import type { Suite } from './suite';

const SUITES: readonly Suite[] = [
  rulesIndexSuite,
  processorSuite,
  httpHostSuite,
  grpcHostSuite,
  decodeSuite,
  regexSuite,
  globSuite,
];

/** `npm run bench` runs every suite; `npm run bench -- NAME...` runs the named ones. */
async function main(args: readonly string[]): Promise<number> {
  const unknown = args.filter((a) => !SUITES.some((s) => s.name === a));
  if (unknown.length > 0) {
    console.error(`unknown suite ${unknown.join(', ')}; suites: ${SUITES.map((s) => s.name).join(', ')}`);
    return 2;
  }
  const selected = args.length === 0 ? SUITES : SUITES.filter((s) => args.includes(s.name));
  const cpu = cpus();
  console.log(
    `rulehook benchmarks: node ${process.version}, ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'})`,
  );
  console.log('Ratios compare each subject with a baseline measured in the same run, round by round.');
  const started = hrtime.bigint();
  for (const suite of selected) {
    console.log(`\n=== ${suite.name}: ${suite.title}`);
    const start = hrtime.bigint();
    await suite.run();
    console.log(`\n(${suite.name}: ${seconds(start)} s)`);
  }
  console.log(`\ntotal: ${seconds(started)} s`);
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
