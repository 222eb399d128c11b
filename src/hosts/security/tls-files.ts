import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { describeRefusedRead, readRegularFile } from '../../files/read-regular-file';
import { createSecureContext } from 'node:tls';
import { SECURITY_FILE_LIMITS } from './security-file-limits';

/** The files of `--tls-cert`, `--tls-key` and `--tls-client-ca`. */
export interface TlsFiles {
  cert: string;
  key: string;
  /** Clients must present a certificate signed by this CA (mutual TLS); undefined: no client certificate asked. */
  clientCa: string | undefined;
}

/** The PEM texts both hosts serve TLS with: one pair for HTTPS and gRPC. */
export interface TlsSettings {
  cert: Buffer;
  key: Buffer;
  clientCa: Buffer | undefined;
}

type Step<T> = { ok: true; value: T } | { ok: false; message: string };

async function readPem(file: string, what: string): Promise<Step<Buffer>> {
  const read = await readRegularFile(file, SECURITY_FILE_LIMITS);
  if (read.ok) return { ok: true, value: read.bytes };
  return {
    ok: false,
    message: `cannot read the ${what} ${file}${describeRefusedRead(read, SECURITY_FILE_LIMITS)}`,
  };
}

function parse<T>(make: () => T, message: string): Step<T> {
  try {
    return { ok: true, value: make() };
  } catch (error) {
    return { ok: false, message: `${message}: ${(error as Error).message}` };
  }
}

/**
 * Reads and checks the TLS files before any port is bound, so that a wrong file stops `serve` at once with a
 * sentence naming it, rather than failing every handshake later: each file must be readable PEM, the key must
 * be the certificate's, and the three must make a TLS context.
 */
export async function readTlsFiles(files: TlsFiles): Promise<Step<TlsSettings>> {
  const cert = await readPem(files.cert, 'certificate (--tls-cert)');
  if (!cert.ok) return cert;
  const key = await readPem(files.key, 'private key (--tls-key)');
  if (!key.ok) return key;
  const ca =
    files.clientCa === undefined ? undefined : await readPem(files.clientCa, 'client CA (--tls-client-ca)');
  if (ca !== undefined && !ca.ok) return ca;
  const x509 = parse(() => new X509Certificate(cert.value), `${files.cert} is not a PEM certificate`);
  if (!x509.ok) return x509;
  const privateKey = parse<KeyObject>(
    () => createPrivateKey(key.value),
    `${files.key} is not a PEM private key`,
  );
  if (!privateKey.ok) return privateKey;
  if (!x509.value.checkPrivateKey(privateKey.value))
    return {
      ok: false,
      message: `the private key ${files.key} does not belong to the certificate ${files.cert}`,
    };
  if (ca !== undefined) {
    const caCert = parse(() => new X509Certificate(ca.value), `${files.clientCa} is not a PEM certificate`);
    if (!caCert.ok) return caCert;
  }
  const settings: TlsSettings = { cert: cert.value, key: key.value, clientCa: ca?.value };
  const context = parse(
    () => createSecureContext({ cert: settings.cert, key: settings.key, ca: settings.clientCa }),
    'the TLS files do not make a TLS context',
  );
  return context.ok ? { ok: true, value: settings } : context;
}
