import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkFiredRules, primeSessions } from './traffic-check';
import { writeTrafficPack } from './traffic-pack';
import type { ServerProcess } from './traffic-servers';
import { IN_FLIGHT, type TrafficTransport } from './traffic-transports';

/** Sessions in rulehook's memory store while it is timed; the timed events belong to them. */
export const SESSIONS = 1_000;
export const SERVERS = ['bare', 'rulehook'] as const;
export type Server = (typeof SERVERS)[number];

/**
 * The order the servers run in round `round`: bare first in odd rounds,
 * rulehook first in even ones (round 0 being the warm-up), so that neither
 * always follows the other.
 */
export function orderServers(round: number): readonly Server[] {
  return round % 2 === 1 ? SERVERS : [...SERVERS].reverse();
}

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
 * Starts the bare server and `rulehook serve` of a transport, checks that both
 * answer `result_code` 200, gives rulehook's store its SESSIONS sessions, runs
 * `use` and stops both servers.
 */
export async function withTrafficServers<T>(
  transport: TrafficTransport,
  rulesDir: string,
  use: (servers: Record<Server, ServerProcess>) => Promise<T>,
): Promise<T> {
  const started: Partial<Record<Server, ServerProcess>> = {};
  try {
    started.bare = await transport.startBare();
    started.rulehook = await transport.startRulehook(rulesDir);
    const servers = started as Record<Server, ServerProcess>;
    for (const server of SERVERS) await transport.checkAnswer(server, servers[server], 0, 0);
    await primeSessions(transport, servers.rulehook, SESSIONS, IN_FLIGHT);
    return await use(servers);
  } finally {
    for (const server of SERVERS) await started[server]?.stop();
  }
}
