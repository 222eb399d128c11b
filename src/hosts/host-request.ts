import type { CustomLogicResponse, Event } from '../contract/types';

/**
 * One request as its host read it: a decoded event and how many unknown fields
 * were ignored, or why the request is invalid, in the host's own terms (`E`).
 */
export type HostRequest<E> =
  | {
      ok: true;
      value: Event;
      unknownFields: number;
      /** The event's variable names, when the decoder listed them (`Decoded`): handed to the processor. */
      names?: readonly string[];
    }
  | { ok: false; error: E };

/**
 * What the host must send: the response and the `rulehook-fired` value, or the error. The value is
 * undefined when fired rules are not exposed (no header or trailer is sent), and empty when they are
 * and none fired.
 */
export type HostReply<E> =
  { ok: true; response: CustomLogicResponse; firedRules: string | undefined } | { ok: false; error: E };
