import { types } from 'node:util';
import { suggestName } from '../../diagnostics/did-you-mean';
import type { OptionDefinitions } from './define-options';

/** The start of node:util parseArgs' message for an unknown long option (`--name` or `--name=value`). */
const UNKNOWN_LONG_OPTION = /^Unknown option '--([^'=]+)'/;

/**
 * The message for arguments node:util parseArgs refused: its own, except for an unknown long option close
 * to one of the command's, which gets a did-you-mean as an unknown command does (`Unknown option '--rulez';
 * did you mean '--rules'?`). Short options (`-x`) are one letter: any other letter is as close.
 */
export function describeRefusedArguments(error: unknown, definitions: OptionDefinitions): string {
  // isNativeError, not instanceof: node's errors come from another realm than a jest test's Error.
  if (!types.isNativeError(error)) return String(error);
  const unknown = (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  const name = unknown ? UNKNOWN_LONG_OPTION.exec(error.message)?.[1] : undefined;
  const suggestion = name === undefined ? undefined : suggestName(name, Object.keys(definitions));
  return suggestion === undefined
    ? error.message
    : `Unknown option '--${name}'; did you mean '--${suggestion}'?`;
}
