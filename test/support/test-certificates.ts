// @peculiar/x509 resolves its ASN.1 codecs through tsyringe, which needs the reflect polyfill first.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** PEM files (paths) and their contents, as a test needs both: flags take paths, clients take bytes. */
export interface Pem {
  certFile: string;
  keyFile: string;
  cert: Buffer;
  key: Buffer;
}

export interface TestCertificates {
  dir: string;
  /** The CA the server trusts for client certificates, which also signed the server's certificate. */
  ca: Pem;
  /** For 127.0.0.1 and localhost, signed by `ca`. */
  server: Pem;
  /** A client certificate signed by `ca`: accepted under mutual TLS. */
  client: Pem;
  /** A client certificate signed by another CA: refused under mutual TLS. */
  stranger: Pem;
}

// Node's WebCrypto is the standard one; its TypeScript types are node's own, not the DOM's that x509 names.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const HOUR_MS = 3_600_000;

interface Issued {
  keys: webcrypto.CryptoKeyPair;
  cert: x509.X509Certificate;
}

const createKeys = () =>
  webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;

/** Valid from an hour ago (clock skew) for two days: long enough for any test run. */
function validity() {
  const now = Date.now();
  return { notBefore: new Date(now - HOUR_MS), notAfter: new Date(now + 48 * HOUR_MS) };
}

let serial = 0;
const nextSerial = () => (++serial).toString(16).padStart(2, '0');

async function createCa(name: string): Promise<Issued> {
  const keys = await createKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: `CN=${name}`,
    ...validity(),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return { keys, cert };
}

async function signLeaf(
  name: string,
  issuer: Issued,
  usage: string,
  names: x509.JsonGeneralName[] = [],
): Promise<Issued> {
  const keys = await createKeys();
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature),
    new x509.ExtendedKeyUsageExtension([usage]),
  ];
  if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: nextSerial(),
    subject: `CN=${name}`,
    issuer: issuer.cert.subject,
    ...validity(),
    publicKey: keys.publicKey,
    signingKey: issuer.keys.privateKey,
    signingAlgorithm: ALGORITHM,
    extensions,
  });
  return { keys, cert };
}

async function writePem(dir: string, name: string, issued: Issued): Promise<Pem> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', issued.keys.privateKey);
  const cert = Buffer.from(issued.cert.toString('pem') + '\n');
  const key = Buffer.from(x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') + '\n');
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  writeFileSync(certFile, cert);
  writeFileSync(keyFile, key);
  return { certFile, keyFile, cert, key };
}

/**
 * Generates a CA, a server certificate, and two client certificates (one of a stranger CA), with
 * ECDSA P-256 keys, in pure JavaScript (WebCrypto and @peculiar/x509): no openssl binary needed.
 */
export async function createTestCertificates(): Promise<TestCertificates> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-tls-'));
  const ca = await createCa('ca');
  const strangerCa = await createCa('stranger-ca');
  const server = await signLeaf('server', ca, x509.ExtendedKeyUsage.serverAuth, [
    { type: 'ip', value: '127.0.0.1' },
    { type: 'dns', value: 'localhost' },
  ]);
  const client = await signLeaf('client', ca, x509.ExtendedKeyUsage.clientAuth);
  const stranger = await signLeaf('stranger', strangerCa, x509.ExtendedKeyUsage.clientAuth);
  return {
    dir,
    ca: await writePem(dir, 'ca', ca),
    server: await writePem(dir, 'server', server),
    client: await writePem(dir, 'client', client),
    stranger: await writePem(dir, 'stranger', stranger),
  };
}
