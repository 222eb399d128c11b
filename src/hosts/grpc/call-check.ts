import * as grpc from '@grpc/grpc-js';

/**
 * A check of a call as soon as its metadata arrives, before its handler starts or its message is read:
 * undefined when the call may go on, else the status refusing it.
 */
export type CallCheck = (
  path: string,
  metadata: grpc.Metadata,
  /** The caller's address, for the log line of a refusal. */
  peer: string,
) => grpc.StatusObject | undefined;

/** `first`, then `second` on the calls `first` lets through. */
export function combineCallChecks(first: CallCheck, second: CallCheck): CallCheck {
  return (path, metadata, peer) => first(path, metadata, peer) ?? second(path, metadata, peer);
}

/**
 * A call of any method but OnEvent (reflection, health, methods that do not exist: see routeUnknownMethods)
 * with `check` applied when its metadata arrives: a refused call is answered at once and its handler never
 * starts. `call` is the call handed to a server interceptor.
 */
export function createCheckedCall(
  call: grpc.ServerInterceptingCallInterface,
  path: string,
  check: CallCheck,
): grpc.ServerInterceptingCall {
  return new grpc.ServerInterceptingCall(call, {
    start: (next) =>
      next({
        onReceiveMetadata: (metadata, nextMetadata) => {
          const refusal = check(path, metadata, call.getPeer());
          if (refusal !== undefined) return call.sendStatus(refusal);
          nextMetadata(metadata);
        },
      }),
  });
}
