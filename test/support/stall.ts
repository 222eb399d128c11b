/**
 * The bound a hardening test puts on an answer that used to stall the server (a backtracking regex, a
 * glob of cubic cost). It detects a hang, it does not check speed: the stalls it guards against last
 * seconds to minutes, a normal answer takes a few milliseconds, and a loaded CI machine stays far below
 * it. Speed is measured by the benchmarks in bench/, never asserted in tests.
 */
export const STALL_MS = 1_000;
