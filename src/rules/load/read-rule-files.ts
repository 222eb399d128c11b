import type { PackFile } from './expand-paths';
import { RULE_LIMITS } from '../limits';
import { readSource } from './read-source';
import type { RuleSnapshot } from './rule-snapshot';

/**
 * Rule files read at once, at most: enough to overlap the disk's latency; more
 * would only hold more file handles and more memory at a time.
 */
const CONCURRENCY = 16;

/**
 * Reads rule files into the snapshot, in order, a few at a time, adding up the
 * bytes read: a file that takes the total past RULE_LIMITS.totalBytes is
 * FILES_TOO_LARGE, and no file after it is read. A read starts only while the
 * total so far leaves room for every read in flight to be a whole file (1 MiB);
 * near the limit, files are read one by one, each at most up to the room left,
 * so nothing is read past the limit and which files load does not depend on
 * the order reads finish in. A file over its own limit (FILE_TOO_LARGE) or
 * unreadable is reported and adds nothing.
 */
export async function readRuleFiles(files: readonly PackFile[], into: RuleSnapshot): Promise<void> {
  const { fileBytes, totalBytes } = RULE_LIMITS;
  const inFlight: ReturnType<typeof readSource>[] = [];
  let started = 0;
  let total = 0;
  for (const file of files) {
    while (
      started < files.length &&
      inFlight.length < CONCURRENCY &&
      (inFlight.length === 0 || total + (inFlight.length + 1) * fileBytes <= totalBytes)
    ) {
      const room = inFlight.length === 0 ? Math.min(fileBytes, totalBytes - total) : fileBytes;
      inFlight.push(readSource(files[started++]!, room));
    }
    const read = await inFlight.shift()!;
    if (read.ok) {
      total += read.bytes;
      into.ruleFiles.push({ file: file.file, relative: file.relative, text: read.text });
      continue;
    }
    into.diagnostics.push(read.diagnostic);
    if (read.diagnostic.code === 'FILES_TOO_LARGE') return;
  }
}
