import * as grpc from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import { ON_EVENT_PATH } from '../../contract/proto-files';
import { formatCount } from '../../contract/event-limits';
import type { WebhookCore } from '../core';
import { RETRY_AFTER_SECONDS } from '../event-admission';
import { countRequestTimeouts, observeRequestDuration } from '../host-metrics';
import { createCheckedCall, type CallCheck } from './call-check';
import { watchBaseCallStatus } from './base-call-status';

/** Trailer telling a gRPC client how long to wait before retrying (gRPC's retry design, A6). */
const RETRY_PUSHBACK = 'grpc-retry-pushback-ms';

/**
 * Admits each OnEvent call into the core's bound on events in flight (within
 * its remote address's share) when its headers arrive, before its message is read (grpc-js reads it only once the
 * handler starts), and answers RESOURCE_EXHAUSTED at once beyond the bound.
 * An admitted call whose request has not arrived whole (message and
 * half-close) within `requestTimeoutMs` is answered DEADLINE_EXCEEDED, so a
 * slow upload holds its place for a bounded time.
 *
 * The place is released exactly once. Before the request has arrived whole,
 * when grpc-js ends the call (`onCancel`, which ends every call). Once it has,
 * the handler is processing the event, and the place is released when the
 * handler answers: `sendMessage` or `sendStatus`, whichever comes first, both
 * called by grpc-js before it checks whether the call is still open. A call
 * cancelled mid-processing (a client's deadline) therefore keeps its place
 * until its event has been processed, and then gives it back, though grpc-js
 * drops its answer and never sends the status that would follow.
 *
 * A message over --max-message-bytes is refused by grpc-js itself
 * (RESOURCE_EXHAUSTED) before the handler starts: it is handed to the core as
 * an invalid request, so that it is counted as the HTTP host's 413 is. This
 * interceptor must therefore be the first (it sees the base call). It is the
 * only one, so that an event goes through one intercepting call.
 *
 * `checkCall` (the metadata's size, bearer tokens) runs on every call before
 * anything else: an OnEvent call it refuses is answered at once and never
 * takes a place, nor counts as shed. Calls of other methods only get
 * `checkCall`.
 */
export function createAdmissionInterceptor(
  core: WebhookCore,
  requestTimeoutMs: number,
  checkCall: CallCheck,
): grpc.ServerInterceptor {
  const admission = core.admission;
  const timeouts = countRequestTimeouts(core.metrics);
  const duration = observeRequestDuration(core.metrics, 'grpc');
  const lateDetails = `the request message did not arrive within ${formatCount(requestTimeoutMs)} ms (--request-timeout)`;
  return (method, call) => {
    if (method.path !== ON_EVENT_PATH) return createCheckedCall(call, method.path, checkCall);
    // grpc-js reads the peer's address once per call, from the connection's socket.
    const client = call.getConnectionInfo().remoteAddress ?? '';
    let held = false;
    let processing = false;
    let timer: NodeJS.Timeout | undefined;
    let started = 0;
    const release = (): void => {
      clearTimeout(timer);
      if (!held) return;
      held = false;
      admission.release(client);
      duration.observe((performance.now() - started) / 1000);
    };
    watchBaseCallStatus(call, (status) => {
      if (status.code === grpc.status.RESOURCE_EXHAUSTED && held && !processing)
        void core.onEvent({ ok: false, error: status });
    });
    return new grpc.ServerInterceptingCall(call, {
      start: (next) =>
        next({
          onReceiveMetadata: (metadata, nextMetadata) => {
            const refusal = checkCall(method.path, metadata, call.getPeer());
            if (refusal !== undefined) return call.sendStatus(refusal);
            const refused = admission.tryAdmit(client);
            if (refused !== undefined)
              return call.sendStatus(shedStatus(admission.describeRefusal(refused, client)));
            held = true;
            started = performance.now();
            timer = setTimeout(() => {
              timeouts.inc();
              call.sendStatus({ code: grpc.status.DEADLINE_EXCEEDED, details: lateDetails });
            }, requestTimeoutMs);
            nextMetadata(metadata);
          },
          // grpc-js starts a unary handler on the half-close, synchronously within `nextHalfClose`.
          onReceiveHalfClose: (nextHalfClose) => {
            clearTimeout(timer);
            processing = true;
            nextHalfClose();
          },
          onCancel: () => {
            if (!processing) release();
          },
        }),
      sendMessage: (message, next) => {
        release();
        next(message);
      },
      sendStatus: (status, next) => {
        release();
        next(status);
      },
    });
  };
}

function shedStatus(details: string): grpc.StatusObject {
  const metadata = new grpc.Metadata();
  metadata.set(RETRY_PUSHBACK, String(RETRY_AFTER_SECONDS * 1000));
  return { code: grpc.status.RESOURCE_EXHAUSTED, details, metadata };
}
