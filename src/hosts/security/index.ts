export { BearerTokens, type TokensLoad, type TokensReload } from './bearer-tokens';
export {
  CallerAuth,
  describeAuthFailure,
  type AuthFailure,
  type AuthSettings,
  type Endpoint,
  type Transport,
} from './caller-auth';
export { MIN_TOKEN_LENGTH, parseTokenFile } from './token-file';
export { readTlsFiles, type TlsFiles, type TlsSettings } from './tls-files';
