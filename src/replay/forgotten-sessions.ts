import { LRUCache } from 'lru-cache';

/** Slots of the table of forgotten sessions: 256 KiB, whatever the recording. */
const SLOTS = 1 << 16;

/**
 * Mirrors the simulators' least-recently-active bound (`--max-sessions`) to
 * notice a forgotten session coming back: its later events were replayed as a
 * new session (no filter, `seq` 1), so the replay warns. Forgotten ids are
 * remembered as 32-bit hashes in a fixed table: constant memory, and a false
 * alarm about once in 4 billion checks; a very old id may be overwritten and
 * go unnoticed.
 */
export class ForgottenSessions {
  /**
   * Bounded by `maxSize` with every session counting 1, not by `max`: `max`
   * allocates arrays of that length up front, and `--max-sessions` may be any
   * safe integer.
   */
  private readonly active: LRUCache<string, true>;
  private readonly forgotten = new Uint32Array(SLOTS);
  /** Sessions seen again after being forgotten. */
  returned = 0;

  /** `onForget`: called with each session forgotten, when the simulators forget it (`--workers` tells them). */
  constructor(
    maxSessions: number,
    private readonly onForget?: (session: string) => void,
  ) {
    this.active = new LRUCache({
      maxSize: maxSessions,
      sizeCalculation: () => 1,
      dispose: (_value, session, reason) => {
        if (reason !== 'evict') return;
        this.remember(session);
        this.onForget?.(session);
      },
    });
  }

  /** Called once per event raised, with its session id ('' for none). */
  see(session: string): void {
    if (this.active.get(session) !== undefined) return;
    const hash = hashId(session);
    if (this.forgotten[hash & (SLOTS - 1)] === hash) this.returned++;
    this.active.set(session, true);
  }

  private remember(session: string): void {
    const hash = hashId(session);
    this.forgotten[hash & (SLOTS - 1)] = hash;
  }
}

/** FNV-1a, 32 bits; 0 is kept for "empty slot". */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0 || 1;
}
