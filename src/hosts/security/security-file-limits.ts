import type { RegularFileLimits } from '../../files/read-regular-file';

/**
 * Bounds on reading a tokens file or a TLS file: 1 MiB (a PEM chain or a
 * list of tokens is a few KiB) and 5 s, as for a rule file. Only regular
 * files are read, so a path swapped for a FIFO or a device cannot hang a
 * start or a reload (docs/operations.md, "Security").
 */
export const SECURITY_FILE_LIMITS: Readonly<RegularFileLimits> = Object.freeze({
  maxBytes: 1024 * 1024,
  timeoutMs: 5_000,
});
