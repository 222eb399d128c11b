/** The first 12 hex digits of a rule set's revision: what people read and type, as with git. */
export function shortenRevision(revision: string): string {
  return revision.slice(0, 12);
}

/**
 * The gRPC metadata (sent with the response headers) by which the health service tells which rule set the
 * process serves: its revision, shortened. The health protocol has no field for it.
 */
export const REVISION_METADATA = 'rulehook-revision';
