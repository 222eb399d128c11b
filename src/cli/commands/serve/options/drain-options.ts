import { defineString } from '../../../options/define-options';

/**
 * Default of `--drain-seconds`: long enough for load balancers and Kubernetes to see the readiness
 * probe fail and stop sending events (a few probe periods, or the propagation of an endpoint removal),
 * short enough to stay well within the usual 30 s grace period before SIGKILL.
 */
export const DEFAULT_DRAIN_SECONDS = 5;

/** The longest drain accepted: an hour is far beyond any grace period before SIGKILL (and timers overflow past 24 days). */
export const MAX_DRAIN_SECONDS = 3600;

/** A number of seconds, 0 to MAX_DRAIN_SECONDS, decimals allowed (`0.5`). */
export function parseSeconds(text: string, flag: string): number | string {
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(n) || n > MAX_DRAIN_SECONDS)
    return `${flag} expects a number of seconds from 0 to ${MAX_DRAIN_SECONDS}, got ${JSON.stringify(text)}`;
  return n;
}

/** The options of `rulehook serve` that shape its shutdown. */
export const DRAIN_OPTIONS = {
  'drain-seconds': defineString({
    value: 'SECONDS',
    parse: parseSeconds,
    schema: { type: 'number', minimum: 0, maximum: MAX_DRAIN_SECONDS },
    default: DEFAULT_DRAIN_SECONDS,
    help: [
      'on SIGTERM, keep answering events this long while not ready',
      '(/readyz 503, gRPC health NOT_SERVING), then stop',
    ],
  }),
};
