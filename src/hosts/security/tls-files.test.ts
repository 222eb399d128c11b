import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestCertificates, type TestCertificates } from '../../../test/support/test-certificates';
import { readTlsFiles } from './tls-files';

describe('readTlsFiles', () => {
  let certs: TestCertificates;
  beforeAll(async () => {
    certs = await createTestCertificates();
  });

  it('reads a certificate, its key and a client CA', async () => {
    const read = await readTlsFiles({
      cert: certs.server.certFile,
      key: certs.server.keyFile,
      clientCa: certs.ca.certFile,
    });
    expect(read).toEqual({
      ok: true,
      value: { cert: certs.server.cert, key: certs.server.key, clientCa: certs.ca.cert },
    });
  });

  it('refuses a key that is not the certificate’s', async () => {
    expect(
      await readTlsFiles({ cert: certs.server.certFile, key: certs.client.keyFile, clientCa: undefined }),
    ).toEqual({
      ok: false,
      message: `the private key ${certs.client.keyFile} does not belong to the certificate ${certs.server.certFile}`,
    });
  });

  it('names a file it cannot read, and one that is not PEM, without a stack trace', async () => {
    const missing = path.join(certs.dir, 'missing.crt');
    expect(await readTlsFiles({ cert: missing, key: certs.server.keyFile, clientCa: undefined })).toEqual({
      ok: false,
      message: `cannot read the certificate (--tls-cert) ${missing} (ENOENT)`,
    });
    const junk = path.join(certs.dir, 'junk.pem');
    writeFileSync(junk, 'not a certificate\n');
    const read = await readTlsFiles({
      cert: certs.server.certFile,
      key: certs.server.keyFile,
      clientCa: junk,
    });
    expect(read).toEqual({
      ok: false,
      message: expect.stringMatching(/^.*junk\.pem is not a PEM certificate: /),
    });
    expect(!read.ok && read.message).not.toMatch(/\n\s+at /);
  });
});
