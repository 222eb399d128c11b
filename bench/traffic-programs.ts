import { execFileSync, spawnSync } from 'node:child_process';

/**
 * The load generators of the traffic suite, each with the Debian package that
 * has it: wrk loads the HTTP servers (it cycles many bodies, with a Lua
 * script), h2load the gRPC ones (wrk speaks no HTTP/2). Both run outside the
 * Node.js process, which an in-process client would compete with.
 */
const LOAD_PROGRAMS = { wrk: 'wrk', h2load: 'nghttp2-client' } as const;

function isInstalled(program: string): boolean {
  return spawnSync(program, ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** The load generators not on the PATH, with the apt-get line that installs them; undefined when none is missing. */
export function findMissingLoadPrograms(): string | undefined {
  const missing = Object.keys(LOAD_PROGRAMS).filter((program) => !isInstalled(program));
  if (missing.length === 0) return undefined;
  const packages = missing.map((program) => LOAD_PROGRAMS[program as keyof typeof LOAD_PROGRAMS]);
  return `${missing.join(' and ')} not installed (apt-get install ${packages.join(' ')})`;
}

/**
 * Makes sure both load generators are on the PATH, installing the missing
 * ones' packages with apt-get (a full run needs them); throws if that fails.
 */
export function ensureLoadPrograms(): void {
  const missing = Object.entries(LOAD_PROGRAMS).filter(([program]) => !isInstalled(program));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg);
  console.log(
    `${missing.map(([p]) => p).join(' and ')} not found: running apt-get install -y ${packages.join(' ')}`,
  );
  try {
    execFileSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' });
  } catch (error) {
    console.log(`apt-get failed: ${(error as Error).message}`);
  }
  const still = findMissingLoadPrograms();
  if (still !== undefined) throw new Error(`the traffic suite needs wrk and h2load: ${still}`);
}
