import * as grpc from '@grpc/grpc-js';

/** What grpc-js answers, word for word, to a call of a method it does not serve. */
export function describeUnknownMethod(path: string): string {
  return `The server does not implement the method ${path}`;
}

/** grpc-js's lookup of a call's handler by its path; null means "answer UNIMPLEMENTED". */
type HandlerLookup = (path: string) => object | null;

/** A handler of any call shape (bidi reads and sends nothing) that answers UNIMPLEMENTED as grpc-js does. */
function createUnknownMethodHandler(path: string): object {
  const details = describeUnknownMethod(path);
  return {
    type: 'bidi',
    path,
    func: (call: grpc.ServerDuplexStream<Buffer, Buffer>) =>
      call.emit('error', { code: grpc.status.UNIMPLEMENTED, details }),
    serialize: (bytes: Buffer) => bytes,
    deserialize: (bytes: Buffer) => bytes,
  };
}

/**
 * Makes `server` run its interceptors on calls of methods it does not serve too, and then answer them
 * UNIMPLEMENTED as grpc-js would. grpc-js answers such calls before any interceptor runs, so a caller without
 * a token could tell the methods that exist (UNAUTHENTICATED) from the others (UNIMPLEMENTED), and the bound
 * on metadata would not apply to them. grpc-js has no hook for unknown methods: this wraps, on this instance,
 * the private lookup both its stream handlers make (`_retrieveHandler`). A grpc-js without it fails here, at
 * startup; test/e2e/serve-grpc-auth.test.ts checks the behaviour through the built binary.
 */
export function routeUnknownMethods(server: grpc.Server): void {
  const internals = server as unknown as { _retrieveHandler?: HandlerLookup };
  const lookup = internals._retrieveHandler;
  if (typeof lookup !== 'function')
    throw new Error('this grpc-js has no Server._retrieveHandler: routeUnknownMethods must be updated');
  const retrieve = lookup.bind(server);
  internals._retrieveHandler = (path) => retrieve(path) ?? createUnknownMethodHandler(path);
}
