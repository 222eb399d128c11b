import type { EngineModel } from '../../../filter/engine-model';
import type { TargetAccessFiles } from '../../../replay/lanes/target-access';
import { readEngineOptions } from '../../option-groups/engine-options';
import { defineString } from '../../options/define-options';
import { parsePositiveInt } from '../../options/parse-values';
import {
  checkAccessOptions,
  defineAccessOptions,
  readAccessFiles,
  readWebhookTls,
  type AccessValues,
} from '../../option-groups/target-options';

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

/** Where `rulehook sandbox` and `sandbox run` send the sessions' events, as their options read. */
export interface SandboxWebhookSettings {
  /** A live webhook, `http://…` or `grpc://…` (`https://`, `grpcs://`); or `rules`, never both. */
  webhook: string | undefined;
  /** A rule file or directory evaluated in-process as the webhook. */
  rules: string | undefined;
  /** The token and TLS files of `webhook`, as given (relative to the working directory). */
  webhookAccess: TargetAccessFiles;
  /** ms: the longest wait for the live webhook's answer. */
  webhookTimeoutMs: number;
  /** How the sandbox's engine (and an in-process `--rules` webhook) reads what the specification leaves open. */
  engine: EngineModel;
}

type WebhookValues = AccessValues<'webhook'> &
  Parameters<typeof readEngineOptions>[0] & {
    webhook: string | undefined;
    rules: string | undefined;
    'webhook-timeout': number;
  };

/** The webhook and engine settings of parsed options, or why they cannot be used together. */
export function readSandboxWebhookSettings(values: WebhookValues): SandboxWebhookSettings | string {
  if (values.webhook !== undefined && values.rules !== undefined)
    return 'give one webhook: --webhook URL (a running one) or --rules PATH (in-process), not both';
  const accessError = checkAccessOptions(values, 'webhook', readWebhookTls(values.webhook));
  if (accessError !== undefined) return accessError;
  return {
    webhook: values.webhook,
    rules: values.rules,
    webhookAccess: readAccessFiles(values, 'webhook'),
    webhookTimeoutMs: values['webhook-timeout'],
    engine: readEngineOptions(values),
  };
}
