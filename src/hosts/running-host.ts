/** A host that is listening. */
export interface RunningHost {
  /** Bound address and actual port (a requested port 0 is resolved here). */
  host: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}
