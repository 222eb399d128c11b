import { parseTargetUrl, TARGET_TOKEN_ENV, type TargetAccessFiles, type TargetKind } from '../replay';
import { defineChoice, defineString, listChoices, parsePositiveInt, type OptionValues } from './options';

const TARGET_KINDS = ['auto', 'rulehook', 'other'] as const satisfies readonly TargetKind[];
const DEFAULT_TARGET_KIND = 'auto';

/** The options of `rulehook replay` that replay through a live webhook instead of rules in-process. */
export const TARGET_OPTIONS = {
  target: defineString({
    value: 'URL',
    parse: parseTargetUrl,
    help: [
      'be the engine of a live webhook: http://HOST:PORT or grpc://HOST:PORT,',
      'https:// or grpcs:// (gRPC over TLS)',
    ],
  }),
  'target-kind': defineChoice({
    value: 'KIND',
    choices: TARGET_KINDS,
    default: DEFAULT_TARGET_KIND,
    helpDefault: false,
    help: `${listChoices(TARGET_KINDS, DEFAULT_TARGET_KIND)}: does the target report the rules that fired`,
  }),
  concurrency: defineString({
    value: 'N',
    parse: parsePositiveInt,
    default: 8,
    help: 'with --target: calls in flight at once, sessions overlapping',
  }),
  timeout: defineString({
    value: 'MS',
    parse: parsePositiveInt,
    default: 10_000,
    help: 'with --target: longest wait for one answer',
  }),
  'target-token-file': defineString({
    value: 'FILE',
    helpDefault: false,
    help: [
      'with --target: send the first token of FILE as Authorization: Bearer',
      `(default: $${TARGET_TOKEN_ENV}, else no token)`,
    ],
  }),
  'target-ca': defineString({
    value: 'FILE',
    helpDefault: "the system's",
    help: 'with https:// or grpcs://: the PEM CA to trust',
  }),
  'target-cert': defineString({ value: 'FILE', help: 'with https:// or grpcs://: client certificate (PEM)' }),
  'target-key': defineString({ value: 'FILE', help: 'the PEM private key of --target-cert' }),
};

/** The token and TLS files of the target, as given (relative paths are the caller's to resolve). */
export function readTargetAccessFiles(values: OptionValues<typeof TARGET_OPTIONS>): TargetAccessFiles {
  return {
    tokenFile: values['target-token-file'],
    ca: values['target-ca'],
    cert: values['target-cert'],
    key: values['target-key'],
  };
}

/** `--concurrency needs --target` when an option that only a target uses is given without one. */
export function checkTargetOptions(
  values: OptionValues<typeof TARGET_OPTIONS>,
  isGiven: (name: keyof typeof TARGET_OPTIONS) => boolean,
): string | undefined {
  const tlsFlag = [
    values['target-ca'] !== undefined && '--target-ca',
    values['target-cert'] !== undefined && '--target-cert',
    values['target-key'] !== undefined && '--target-key',
  ].find((flag) => flag !== false);
  if (values.target !== undefined) {
    if ((values['target-cert'] === undefined) !== (values['target-key'] === undefined))
      return values['target-cert'] === undefined
        ? '--target-key needs --target-cert'
        : '--target-cert needs --target-key';
    if (tlsFlag !== undefined && !values.target.tls)
      return `${tlsFlag} needs a TLS target: https:// or grpcs://`;
    return undefined;
  }
  const withoutTarget = [
    isGiven('concurrency') && '--concurrency',
    isGiven('timeout') && '--timeout',
    values['target-kind'] !== 'auto' && '--target-kind',
    values['target-token-file'] !== undefined && '--target-token-file',
    tlsFlag,
  ].find((flag) => flag !== false && flag !== undefined);
  return withoutTarget === undefined ? undefined : `${withoutTarget} needs --target`;
}
