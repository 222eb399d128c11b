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
  private readonly active = new Map<string, true>();
  private readonly forgotten = new Uint32Array(SLOTS);
  /** Sessions seen again after being forgotten. */
  returned = 0;

  constructor(private readonly maxSessions: number) {}

  /** Called once per event raised, with its session id ('' for none). */
  see(session: string): void {
    if (this.active.delete(session)) {
      this.active.set(session, true);
      return;
    }
    const hash = hashId(session);
    if (hash !== 0 && this.forgotten[hash & (SLOTS - 1)] === hash) this.returned++;
    this.active.set(session, true);
    if (this.active.size > this.maxSessions) {
      const oldest = this.active.keys().next().value as string;
      this.active.delete(oldest);
      const h = hashId(oldest);
      this.forgotten[h & (SLOTS - 1)] = h;
    }
  }
}

/** FNV-1a, 32 bits; 0 is kept for "empty slot". */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0 || 1;
}
