/** How a read bounded by `readWithinDeadline` ended. */
export type DeadlineRead<T> =
  | { done: true; value: T }
  /** `late`: past its deadline now; `stuck`: an earlier read of the path is still past its deadline. */
  | { done: false; why: 'late' | 'stuck' };

/**
 * Paths whose read passed its deadline and has not returned yet. A call of the file system cannot be
 * cancelled: each such read holds one of the four threads of libuv's pool (shared with every file and DNS
 * call of the process) until the file system answers, so a path is not read again meanwhile; repeated
 * reloads of a stalled mount then hold one thread per file, not one per reload.
 */
const stuckPaths = new Set<string>();

const LATE = Symbol('late');

/**
 * Runs `read` of the file at `absolute`, waiting at most `ms` for it. A read past its deadline goes on in
 * the background (what it opened, it closes itself when it ends), and its result is dropped.
 */
export async function readWithinDeadline<T>(
  absolute: string,
  ms: number,
  read: () => Promise<T>,
): Promise<DeadlineRead<T>> {
  if (stuckPaths.has(absolute)) return { done: false, why: 'stuck' };
  let timer: NodeJS.Timeout | undefined;
  const reading = read();
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  try {
    const first = await Promise.race([reading, late]);
    if (first !== LATE) return { done: true, value: first };
  } finally {
    clearTimeout(timer);
  }
  stuckPaths.add(absolute);
  const release = (): void => void stuckPaths.delete(absolute);
  reading.then(release, release);
  return { done: false, why: 'late' };
}
