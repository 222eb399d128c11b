import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MASKS } from '../src/cli/commands/serve/options/log-options';
import type { EventDecision } from '../src/contract';
import { WebhookCore } from '../src/hosts';
import { createJsonLogger, silentLogger, type Logger, type LogLevel } from '../src/observability/logger';
import { Metrics } from '../src/observability/metrics';
import { RuleProcessor } from '../src/processor/rule-processor';
import { createLogMask, DecisionLog } from '../src/recording';
import { loadRuleBook } from '../src/rules/book';
import { MemorySessionStore } from '../src/session';
import { realisticVariables } from './events';
import { compareWithBaseline, measure, medianNsPerOp, summarize, type Subject } from './measure';
import { REPO_ROOT } from './paths';
import { check, chooseRounds, type ResultRow, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

/** Events answered between two turns of the event loop, as under load: the decision log writes in those turns. */
const BATCH = 64;
const EVENT_NAMES = ['VERIFY_COMPLETED', 'SPOOF_CHECK_COMPLETED', 'PERSON_IDENTIFIED', 'AUDIO_PROGRESS'];

/**
 * What logging costs an event, in-process (`WebhookCore.onEvent` through the fraud-and-spoofing pack, no
 * network): pino at info (no line per event) and the decision log (queued, then masked, serialized and
 * written to a real file between batches, all on this thread) against no logger at all.
 */
export const logsSuite: Suite = {
  name: 'logs',
  title: 'an event with pino at info, and with --decision-log, vs no logging',
  async run(options) {
    const loaded = await loadRuleBook([path.join(REPO_ROOT, 'examples/fraud-and-spoofing')], {
      cwd: REPO_ROOT,
    });
    check(loaded.ok, 'the fraud-and-spoofing pack loads');
    const book = loaded.book;
    // Parsed from JSON, as the HTTP host decodes them (V8 lays such objects out differently from built ones).
    const events = Array.from({ length: 512 }, (_, i) => ({
      session_variables: JSON.parse(
        JSON.stringify(realisticVariables(EVENT_NAMES[i % EVENT_NAMES.length]!, i % 200)),
      ) as Record<string, string>,
    }));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rulehook-bench-logs-'));
    const discard = { write: () => true };
    const decisionFile = path.join(dir, 'decisions.jsonl');
    const decisions: DecisionLog[] = [];

    const subject = (label: string, logger: Logger, decisionLog: boolean): Subject => {
      const metrics = new Metrics();
      const log = decisionLog
        ? new DecisionLog({
            file: decisionFile,
            metrics,
            logger,
            mask: createLogMask(DEFAULT_MASKS, 'bench-key'),
          })
        : undefined;
      if (log !== undefined) decisions.push(log);
      const core = new WebhookCore({
        logger,
        metrics,
        processor: new RuleProcessor(book, { metrics, store: new MemorySessionStore({ metrics }), logger }),
        revision: 'bench',
        ...(log === undefined ? {} : { decisionTap: (d: EventDecision) => log.log(d) }),
      });
      let next = 0;
      return {
        label,
        async run(n) {
          for (let i = 0; i < n; i++) {
            const event = events[next++ % events.length]!;
            await core.onEvent({ ok: true, value: event, unknownFields: 0 });
            if (i % BATCH === BATCH - 1) await new Promise((resolve) => setImmediate(resolve));
          }
        },
      };
    };
    const pino = (level: LogLevel) => createJsonLogger(discard, level);
    // One comparison per measure: a subject that makes garbage (a line per event) would otherwise have its
    // collections land in the rounds of the others, interleaved with it.
    const comparisons: [string, Subject[]][] = [
      [
        'pino at info',
        [
          subject('no logger [baseline]', silentLogger, false),
          subject('pino at info (no line per event)', pino('info'), false),
        ],
      ],
      [
        '--decision-log',
        [
          subject('pino at info [baseline]', pino('info'), false),
          subject('pino at info + --decision-log (default masks)', pino('info'), true),
        ],
      ],
      [
        'pino at debug',
        [
          subject('pino at info [baseline]', pino('info'), false),
          subject('pino at debug (a line per event, discarded)', pino('debug'), false),
        ],
      ],
    ];
    try {
      const rows: string[][] = [];
      const summary: ResultRow[] = [];
      for (const [name, subjects] of comparisons) {
        const results = await measure(
          subjects,
          chooseRounds(options, { rounds: 25, warmupRounds: 3, operations: { roundMs: 150 } }),
        );
        const [base, ours] = results as [(typeof results)[0], (typeof results)[0]];
        summary.push({
          path: 'logs',
          subject: ours.label,
          baseline: base.label.replace(' [baseline]', ''),
          ratio: compareWithBaseline(ours, base),
          figures: `${formatNs(medianNsPerOp(ours))} vs ${formatNs(medianNsPerOp(base))}`,
        });
        for (const s of summarize(results)) rows.push([name, s.label, ...formatTimingCells(s)]);
      }
      await Promise.all(decisions.map((d) => d.close()));
      check(statSync(decisionFile).size > 0, 'decisions were written');
      printTable(
        'logs: per event, median of 25 interleaved rounds; cost = subject time / baseline time',
        ['comparison', 'subject', 'time/event', 'events/s', 'noise', 'cost vs baseline'],
        rows,
        2,
      );
      return summary;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
