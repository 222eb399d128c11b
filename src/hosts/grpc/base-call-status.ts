import type * as grpc from '@grpc/grpc-js';

export type SentStatus = Parameters<grpc.ServerInterceptingCallInterface['sendStatus']>[0];

/**
 * Calls `observe` with every status sent on `call`, including those grpc-js
 * sends on its own, which no interceptor is told about: a message over
 * `grpc.max_receive_message_length` (--max-message-bytes), a deadline passed,
 * a message that does not decompress. grpc-js sends those from inside its base
 * call through the call's own `sendStatus`, so wrapping that method on the
 * instance is the one place that sees them; grpc-js has no hook for it.
 * `call` must be the base call, as handed to the first server interceptor.
 * test/hosts/host-contract.test.ts (--max-message-bytes) fails if a grpc-js upgrade changes this.
 */
export function watchBaseCallStatus(
  call: grpc.ServerInterceptingCallInterface,
  observe: (status: SentStatus) => void,
): void {
  const sendStatus = call.sendStatus.bind(call);
  call.sendStatus = (status) => {
    observe(status);
    sendStatus(status);
  };
}
