import { parseTargetUrl } from '../../replay/lanes/target-url';
import { TARGET_TOKEN_ENV, type TargetAccessFiles } from '../../replay/lanes/target-access';
import type { TargetKind } from '../../replay/lanes/create-lanes';
import {
  defineChoice,
  defineString,
  listChoices,
  type OptionValues,
  type StringOption,
} from '../options/define-options';
import { parsePositiveInt } from '../options/parse-values';

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
  ...defineAccessOptions('target'),
};

type AccessName<F extends string> = `${F}-token-file` | `${F}-ca` | `${F}-cert` | `${F}-key`;
type AccessOptions<F extends string> = Record<AccessName<F>, StringOption<string, string | undefined>>;
export type AccessValues<F extends string> = Record<AccessName<F>, string | undefined>;

/**
 * The token and TLS options of a live webhook given as `--FLAG URL` (`--target` of replay, `--webhook` of
 * the sandbox): one set of names per flag, read by loadTargetAccess.
 */
export function defineAccessOptions<F extends string>(flag: F): AccessOptions<F> {
  return {
    [`${flag}-token-file`]: defineString({
      value: 'FILE',
      helpDefault: false,
      help: [
        `with --${flag}: send the first token of FILE as Authorization: Bearer`,
        `(default: $${TARGET_TOKEN_ENV}, else no token)`,
      ],
    }),
    [`${flag}-ca`]: defineString({
      value: 'FILE',
      helpDefault: "the system's",
      help: 'with https:// or grpcs://: the PEM CA to trust',
    }),
    [`${flag}-cert`]: defineString({
      value: 'FILE',
      help: 'with https:// or grpcs://: client certificate (PEM)',
    }),
    [`${flag}-key`]: defineString({ value: 'FILE', help: `the PEM private key of --${flag}-cert` }),
  } as AccessOptions<F>;
}

/** The token and TLS files of `--FLAG`, as given (relative paths are the caller's to resolve). */
export function readAccessFiles<F extends string>(values: AccessValues<F>, flag: F): TargetAccessFiles {
  return {
    tokenFile: values[`${flag}-token-file`],
    ca: values[`${flag}-ca`],
    cert: values[`${flag}-cert`],
    key: values[`${flag}-key`],
  };
}

/** The token and TLS files of the target, as given (relative paths are the caller's to resolve). */
export function readTargetAccessFiles(values: OptionValues<typeof TARGET_OPTIONS>): TargetAccessFiles {
  return readAccessFiles(values, 'target');
}

/**
 * What is wrong with the access options of `--FLAG` (whose URL is `tls` or not, undefined when not given):
 * a certificate without its key or the other way round, a TLS file for a plain URL, any of them without
 * the URL.
 */
export function checkAccessOptions<F extends string>(
  values: AccessValues<F>,
  flag: F,
  tls: boolean | undefined,
): string | undefined {
  const files = readAccessFiles(values, flag);
  const tlsFlag = [
    files.ca !== undefined && `--${flag}-ca`,
    files.cert !== undefined && `--${flag}-cert`,
    files.key !== undefined && `--${flag}-key`,
  ].find((given) => given !== false);
  if (tls === undefined) {
    const given = files.tokenFile !== undefined ? `--${flag}-token-file` : tlsFlag;
    return given === undefined ? undefined : `${given} needs --${flag}`;
  }
  if ((files.cert === undefined) !== (files.key === undefined))
    return files.cert === undefined
      ? `--${flag}-key needs --${flag}-cert`
      : `--${flag}-cert needs --${flag}-key`;
  if (tlsFlag !== undefined && !tls) return `${tlsFlag} needs a TLS ${flag}: https:// or grpcs://`;
  return undefined;
}

/** `--concurrency needs --target` when an option that only a target uses is given without one. */
export function checkTargetOptions(
  values: OptionValues<typeof TARGET_OPTIONS>,
  isGiven: (name: keyof typeof TARGET_OPTIONS) => boolean,
): string | undefined {
  const accessError = checkAccessOptions(values, 'target', values.target?.tls);
  if (values.target !== undefined || accessError !== undefined) return accessError;
  const withoutTarget = [
    isGiven('concurrency') && '--concurrency',
    isGiven('timeout') && '--timeout',
    values['target-kind'] !== 'auto' && '--target-kind',
  ].find((flag) => flag !== false);
  return withoutTarget === undefined ? undefined : `${withoutTarget} needs --target`;
}

/**
 * Whether a `--webhook` URL is TLS (`https:`, `grpcs:`); undefined when none is given. The URL itself is
 * checked when the webhook is chosen (an unusable one is refused there, with what was expected).
 */
export function readWebhookTls(url: string | undefined): boolean | undefined {
  if (url === undefined) return undefined;
  return /^(https|grpcs):/i.test(url);
}
