import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

const openssl = (dir: string, args: string[]) =>
  execFileSync('/usr/bin/openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function readPem(dir: string, name: string): Pem {
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  return { certFile, keyFile, cert: readFileSync(certFile), key: readFileSync(keyFile) };
}

function createCa(dir: string, name: string): void {
  openssl(dir, [
    'req',
    '-x509',
    ...EC,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

function signLeaf(dir: string, name: string, ca: string, extensions: string): void {
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(dir, ['req', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
}

/** Generates, with openssl, a CA, a server certificate, and two client certificates (one of a stranger CA). */
export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-tls-'));
  createCa(dir, 'ca');
  createCa(dir, 'stranger-ca');
  const leaf = (usage: string, san = '') =>
    `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=${usage}\n${san}`;
  signLeaf(dir, 'server', 'ca', leaf('serverAuth', 'subjectAltName=IP:127.0.0.1,DNS:localhost\n'));
  signLeaf(dir, 'client', 'ca', leaf('clientAuth'));
  signLeaf(dir, 'stranger', 'stranger-ca', leaf('clientAuth'));
  return {
    dir,
    ca: readPem(dir, 'ca'),
    server: readPem(dir, 'server'),
    client: readPem(dir, 'client'),
    stranger: readPem(dir, 'stranger'),
  };
}
