import { WebhookCallError } from '../../simulation/webhook-failure';

/** Node's codes of a connection that could not be made (before any byte of the request went out). */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);

/** TLS handshake refusals by prefix (`ERR_TLS_CERT_ALTNAME_INVALID`, `ERR_SSL_WRONG_VERSION_NUMBER`, ...). */
const CONNECT_PREFIXES = ['ERR_TLS_', 'ERR_SSL_'];

/**
 * An error of an HTTP(S) request as a WebhookCallError, its message kept: `connect` when the connection
 * (TCP or the TLS handshake) could not be made, else `transport`. A WebhookCallError stays as it is.
 */
export function classifySocketError(error: Error): WebhookCallError {
  if (error instanceof WebhookCallError) return error;
  const code = (error as { code?: unknown }).code;
  const connect =
    typeof code === 'string' &&
    (CONNECT_CODES.has(code) || CONNECT_PREFIXES.some((prefix) => code.startsWith(prefix)));
  return new WebhookCallError(connect ? 'connect' : 'transport', error.message);
}
