import { defineString, parsePositiveInt } from './options';
import { defineAccessOptions } from './target-options';

/** Where `rulehook sandbox` and `sandbox run` send the sessions' events, and how they reach it. */
export const SANDBOX_WEBHOOK_OPTIONS = {
  webhook: defineString({
    value: 'URL',
    help: [
      "where the sessions' events go (a running webhook): http://HOST:PORT[/path] or grpc://HOST:PORT,",
      'https:// or grpcs:// (over TLS)',
    ],
  }),
  rules: defineString({
    value: 'PATH',
    help: "rule file or directory answering the sessions' events in-process (instead of --webhook)",
  }),
  'webhook-timeout': defineString({
    value: 'MS',
    parse: parsePositiveInt,
    default: 2_000,
    help: 'with --webhook: longest wait for an answer; the flow goes on without it',
  }),
  ...defineAccessOptions('webhook'),
};
