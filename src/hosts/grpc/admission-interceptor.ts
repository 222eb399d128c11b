import * as grpc from '@grpc/grpc-js';
import { ON_EVENT_PATH } from '../../contract';
import { formatCount } from '../../contract/event-limits';
import type { WebhookCore } from '../core';
import { RETRY_AFTER_SECONDS } from '../event-admission';
import { countRequestTimeouts } from '../host-metrics';

/** Trailer telling a gRPC client how long to wait before retrying (gRPC's retry design, A6). */
const RETRY_PUSHBACK = 'grpc-retry-pushback-ms';

/**
 * Admits each OnEvent call into the core's bound on events in flight when its
 * headers arrive, before its message is read (grpc-js reads it only once the
 * handler starts), and answers RESOURCE_EXHAUSTED at once beyond the bound.
 * An admitted call whose message has not arrived within `requestTimeoutMs` is
 * answered DEADLINE_EXCEEDED, so a slow upload holds its place for a bounded
 * time. The place is released when the handler answers, or, for a call that
 * ends before its message arrived, when grpc-js ends it (`onCancel`, which
 * ends every call): a client cancelling calls mid-evaluation cannot free
 * places while their events are still being processed. Other methods
 * (reflection) pass untouched.
 */
export function createAdmissionInterceptor(
  core: WebhookCore,
  requestTimeoutMs: number,
): grpc.ServerInterceptor {
  const admission = core.admission;
  const timeouts = countRequestTimeouts(core.metrics);
  const lateDetails = `the request message did not arrive within ${formatCount(requestTimeoutMs)} ms (--request-timeout)`;
  return (method, call) => {
    if (method.path !== ON_EVENT_PATH) return new grpc.ServerInterceptingCall(call);
    let held = false;
    let received = false;
    let timer: NodeJS.Timeout | undefined;
    const release = (): void => {
      clearTimeout(timer);
      if (held) admission.release();
      held = false;
    };
    return new grpc.ServerInterceptingCall(call, {
      start: (next) =>
        next({
          onReceiveMetadata: (metadata, nextMetadata) => {
            if (!admission.tryAdmit()) return call.sendStatus(shedStatus(admission.describeRefusal()));
            held = true;
            timer = setTimeout(() => {
              timeouts.inc();
              call.sendStatus({ code: grpc.status.DEADLINE_EXCEEDED, details: lateDetails });
            }, requestTimeoutMs);
            nextMetadata(metadata);
          },
          onReceiveMessage: (message, nextMessage) => {
            clearTimeout(timer);
            received = true;
            nextMessage(message);
          },
          onCancel: () => {
            if (!received) release();
          },
        }),
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
