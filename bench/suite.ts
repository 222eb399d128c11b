/** One benchmark suite of `npm run bench`; it prints its own tables. */
export interface Suite {
  /** Kebab-case name, as given on the command line: `npm run bench -- rules-index`. */
  name: string;
  /** One line saying what is compared with what. */
  title: string;
  run(): Promise<void>;
}

/** Fails the run when a subject does not do what the suite claims to measure. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`benchmark sanity check failed: ${message}`);
}
