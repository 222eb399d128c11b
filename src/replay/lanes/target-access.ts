import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the credentials of a protected `--target` are: `--target-token-file`, `--target-ca`, `--target-cert`, `--target-key`. */
export interface TargetAccessFiles {
  tokenFile: string | undefined;
  ca: string | undefined;
  cert: string | undefined;
  key: string | undefined;
}

/** What a client sends to reach a protected target. */
export interface TargetAccess {
  /** `Bearer <token>`, the `authorization` of every call, the probe's included; undefined: none sent. */
  authorization: string | undefined;
  /** PEM: the CA to trust for https:// and grpcs:// (default: the system's), and a client certificate. */
  ca: Buffer | undefined;
  cert: Buffer | undefined;
  key: Buffer | undefined;
}

export const NO_TARGET_ACCESS: TargetAccess = {
  authorization: undefined,
  ca: undefined,
  cert: undefined,
  key: undefined,
};

/** Where the target's token is read from when `--target-token-file` is not given (the environment does not show in `ps`). */
export const TARGET_TOKEN_ENV = 'RULEHOOK_TARGET_TOKEN';

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

async function readOptional(
  cwd: string,
  file: string | undefined,
  flag: string,
): Promise<Read<Buffer | undefined>> {
  if (file === undefined) return { ok: true, value: undefined };
  try {
    return { ok: true, value: await readFile(path.resolve(cwd, file)) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, message: `cannot read ${flag} ${file}${code === undefined ? '' : ` (${code})`}` };
  }
}

/**
 * Reads the credentials for `--target`. The token is the first line of the token file that is neither
 * blank nor a `#` comment, trimmed (the format of `serve --auth-tokens-file`, so one file can serve
 * both), else `$RULEHOOK_TARGET_TOKEN`.
 */
export async function loadTargetAccess(
  files: TargetAccessFiles,
  io: { cwd: string; env: Readonly<Record<string, string | undefined>> },
): Promise<Read<TargetAccess>> {
  const { cwd, env } = io;
  const tokenText = await readOptional(cwd, files.tokenFile, '--target-token-file');
  if (!tokenText.ok) return tokenText;
  let token = env[TARGET_TOKEN_ENV]?.trim() || undefined;
  if (tokenText.value !== undefined) {
    const lines = tokenText.value
      .toString('utf8')
      .split('\n')
      .map((line) => line.trim());
    token = lines.find((line) => line !== '' && !line.startsWith('#'));
    if (token === undefined)
      return { ok: false, message: `--target-token-file ${files.tokenFile} holds no token` };
  }
  const ca = await readOptional(cwd, files.ca, '--target-ca');
  if (!ca.ok) return ca;
  const cert = await readOptional(cwd, files.cert, '--target-cert');
  if (!cert.ok) return cert;
  const key = await readOptional(cwd, files.key, '--target-key');
  if (!key.ok) return key;
  const authorization = token === undefined ? undefined : `Bearer ${token}`;
  return { ok: true, value: { authorization, ca: ca.value, cert: cert.value, key: key.value } };
}
