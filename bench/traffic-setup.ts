import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkFiredRules, primeSessions } from './traffic-check';
import { writeTrafficPack } from './traffic-pack';
import type { ServerProcess } from './traffic-servers';
import { IN_FLIGHT, type TrafficTransport } from './traffic-transports';

/** Sessions in rulehook's memory store while it is timed; the timed events belong to them. */
export const SESSIONS = 1_000;
/** `--quick` times nothing: a few sessions prove the same (each answers, the timed events find theirs). */
export const QUICK_SESSIONS = 20;
export const SERVERS = ['bare', 'rulehook'] as const;
export type Server = (typeof SERVERS)[number];

/**
 * Writes the 50-rule pack into a temporary directory, proves it fires what the
 * suites claim (`checkFiredRules`), runs `use(rulesDir, dir)` and removes the directory.
 */
export async function withTrafficPack<T>(
  name: string,
  use: (rulesDir: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `rulehook-bench-${name}-`));
  try {
    const rulesDir = path.join(dir, 'rules');
    writeTrafficPack(rulesDir);
    await checkFiredRules(rulesDir);
    return await use(rulesDir, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the bare server and `rulehook serve` of a transport, and as many more
 * `rulehook serve` as `variants` names (each with its node flags), checks that
 * all answer `result_code` 200, gives each rulehook's store its `sessions`
 * sessions (SESSIONS, or QUICK_SESSIONS under `--quick`), runs `use` and stops them all.
 */
export async function withTrafficServers<T, V extends string = never>(
  transport: TrafficTransport,
  rulesDir: string,
  sessions: number,
  use: (servers: Record<Server | V, ServerProcess>) => Promise<T>,
  variants: Readonly<Record<V, readonly string[]>> = {} as Record<V, readonly string[]>,
): Promise<T> {
  const started = new Map<string, ServerProcess>();
  try {
    started.set('bare', await transport.startBare());
    const rulehooks: [string, readonly string[]][] = [
      ['rulehook', []],
      ...Object.entries<readonly string[]>(variants),
    ];
    for (const [name, nodeArgs] of rulehooks)
      started.set(name, await transport.startRulehook(rulesDir, nodeArgs));
    for (const [name, server] of started) await transport.checkAnswer(name, server, 0, 0);
    for (const [name] of rulehooks)
      await primeSessions(transport, started.get(name) as ServerProcess, sessions, IN_FLIGHT);
    return await use(Object.fromEntries(started) as Record<Server | V, ServerProcess>);
  } finally {
    for (const server of started.values()) await server.stop();
  }
}
