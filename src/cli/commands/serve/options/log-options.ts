import path from 'node:path';
import { compileGlob } from '../../../../glob/compile-glob';
import type { CliIO } from '../../../../terminal/command-io';
import {
  defineFlag,
  defineRepeatable,
  defineString,
  type OptionValues,
} from '../../../options/define-options';
import { parsePositiveInt } from '../../../options/parse-values';
import { REDACT_KEY_ENV } from './record-options';

/**
 * Variables masked in logs and in the decision log unless `--mask` or `--no-mask` says otherwise: the
 * data that identifies or reaches a caller on a contact center's voice-biometrics calls (docs/operations.md,
 * "Masking personal data"), under the names engines, SIP stacks, IVRs and CRMs usually give it. Names are
 * matched without regard to case. Identifiers and contact data, not statuses, scores or decisions, which
 * rules read and a replay of the decision log needs as they were.
 */
export const DEFAULT_MASKS: readonly string[] = [
  // The caller's number (ANI), the dialed number (DNIS), a mobile subscriber's number (MSISDN).
  '*{ani,dnis,msisdn}',
  // Calling line identity.
  '{,*.,*_,*-}{cli,clid}',
  // The numbers, ids and addresses of a call's parties: callerId, call.caller_number, calledNumber.
  '*{caller,callee,calling,called}{,_,-,.}{id,number,num,uri,address,party}*',
  // SIP addressing: sip.from, sip.to, sip.fromUri, sip.contact, sip.pai, sip.ruri.
  '{,*.,*_,*-}{from,to,contact,pai,ruri}{,_,-,.}{,uri,number,num,user,address}',
  '*{asserted,preferred}{,_,-,.}identity',
  // Contact data, wherever the IVR or CRM puts it.
  '*phone*',
  '{,*.,*_,*-}{mobile,cell,tel,fax}{,_,-,.}{,number,num}',
  '*e{,-,_}mail*',
  '*address*',
  // Who the caller is or claims to be: the identity voice biometrics verifies.
  '{person,caller,callee,customer,client,contact,subscriber}.*{id,name}',
  // What the caller said.
  '*transcript*',
];

export interface LogSettings {
  /** Globs of the variable names masked (empty: none). */
  masks: readonly string[];
  /** The key of the masks' hash; undefined: the --redact key, else random for this process. */
  maskKey: string | undefined;
  /** `--decision-log FILE` and its rotation; undefined when not logging decisions. */
  decisionLog: { file: string; maxBytes: number | undefined } | undefined;
}

/** The options of `rulehook serve` for logs and the decision log (the level is `--log-level`). */
export const LOG_OPTIONS = {
  mask: defineRepeatable({
    value: 'GLOB',
    help: [
      'in logs and the decision log, replace the values of matching variables by a',
      'keyed hash, names in any case (repeatable; replaces the defaults: caller and',
      'dialed numbers, SIP addresses, phones, emails, addresses, ids and names of',
      'people, transcripts)',
    ],
  }),
  'no-mask': defineFlag({ help: 'mask nothing (not even the defaults)' }),
  'decision-log': defineString({
    value: 'FILE',
    help: [
      'append a line per event answered to FILE (its variables, fired rules, response):',
      'a recording for rulehook replay',
    ],
  }),
  'decision-log-max-bytes': defineString({
    value: 'N',
    parse: parsePositiveInt,
    helpDefault: 'never',
    help: 'rotate the decision log beyond N bytes: FILE.1, FILE.2, ...',
  }),
};

/** The log settings asked for, or why the flags do not go together. */
export function checkLogSettings(
  values: OptionValues<typeof LOG_OPTIONS>,
  io: CliIO,
): { ok: true; logs: LogSettings } | { ok: false; message: string } {
  const { mask, 'no-mask': noMask, 'decision-log': file, 'decision-log-max-bytes': maxBytes } = values;
  if (noMask && mask.length > 0) return { ok: false, message: '--no-mask and --mask contradict each other' };
  if (maxBytes !== undefined && file === undefined)
    return { ok: false, message: '--decision-log-max-bytes needs --decision-log FILE' };
  for (const glob of mask) {
    const compiled = compileGlob(glob);
    if (!compiled.ok) return { ok: false, message: `--mask '${glob}': ${compiled.message}` };
  }
  const envKey = io.env[REDACT_KEY_ENV];
  return {
    ok: true,
    logs: {
      masks: noMask ? [] : mask.length > 0 ? mask : DEFAULT_MASKS,
      maskKey: envKey === undefined || envKey === '' ? undefined : envKey,
      decisionLog: file === undefined ? undefined : { file: path.resolve(io.cwd, file), maxBytes },
    },
  };
}
