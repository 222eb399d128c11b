import path from 'node:path';
import { checkCarriedAnswers, writeCarriedBodiesFile } from './traffic-carried';
import type { TimedServer } from './traffic-report';
import { startRulehook, type ServerProcess } from './traffic-servers';

/** A timed server, and the bodies file it is sent in place of the round's (the carried-state cycle). */
export interface Target {
  server: ServerProcess;
  bodies?: string;
}
export type Targets = Partial<Record<TimedServer, Target>>;

/** Sessions whose carried cycle the `--workers 2` server is checked on, over new connections (both workers). */
const CHECKED_SESSIONS = 10;

/**
 * Starts `serve --workers 1 --state none` and `--workers 2 --state none`,
 * writes their bodies (each event carrying the state of the answer before it,
 * obtained from the first: writeCarriedBodiesFile), checks that the second
 * answers them as the first did, runs `use` and stops both.
 */
export async function withStatelessLayouts<T>(
  rulesDir: string,
  dir: string,
  sessions: number,
  use: (targets: Targets) => Promise<T>,
): Promise<T> {
  const started: ServerProcess[] = [];
  try {
    const one = await startRulehook(rulesDir, ['--workers', '1', '--state', 'none']);
    started.push(one);
    const two = await startRulehook(rulesDir, ['--workers', '2', '--state', 'none']);
    started.push(two);
    const bodies = path.join(dir, 'http-carried.bodies');
    const cycle = await writeCarriedBodiesFile(one, bodies, sessions);
    await checkCarriedAnswers('serve --workers 2 --state none', two, cycle, CHECKED_SESSIONS);
    return await use({ 'workers-1': { server: one, bodies }, 'workers-2': { server: two, bodies } });
  } finally {
    for (const server of started) await server.stop();
  }
}
