import { parseTargetUrl, type TargetKind } from '../replay';
import { defineChoice, defineString, listChoices, parsePositiveInt, type OptionValues } from './options';

const TARGET_KINDS = ['auto', 'rulehook', 'other'] as const satisfies readonly TargetKind[];
const DEFAULT_TARGET_KIND = 'auto';

/** The options of `rulehook replay` that replay through a live webhook instead of rules in-process. */
export const TARGET_OPTIONS = {
  target: defineString({
    value: 'URL',
    parse: parseTargetUrl,
    help: 'be the engine of a live webhook: http://HOST:PORT or grpc://HOST:PORT',
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
};

/** `--concurrency needs --target` when an option that only a target uses is given without one. */
export function checkTargetOptions(
  values: OptionValues<typeof TARGET_OPTIONS>,
  isGiven: (name: keyof typeof TARGET_OPTIONS) => boolean,
): string | undefined {
  if (values.target !== undefined) return undefined;
  const withoutTarget = [
    isGiven('concurrency') && '--concurrency',
    isGiven('timeout') && '--timeout',
    values['target-kind'] !== 'auto' && '--target-kind',
  ].find((flag) => flag !== false);
  return withoutTarget === undefined ? undefined : `${withoutTarget} needs --target`;
}
