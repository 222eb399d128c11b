import { lstat, mkdir, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderStarterFile, STARTER_FILES } from './starter-pack';

export type CreatePackResult = { ok: true } | { ok: false; message: string };

/**
 * Writes the starter pack into `dir` (relative to `cwd`), creating it when missing. Refuses, writing
 * nothing, when a starter file is in the way or (unless `force`) already there: an analyst's edited
 * rules are never overwritten by accident. Messages name paths as the user gave them.
 */
export async function createStarterPack(cwd: string, dir: string, force: boolean): Promise<CreatePackResult> {
  const absolute = path.resolve(cwd, dir);
  const show = (file: string) => path.relative(cwd, file) || '.';
  const kind = await describeEntry(absolute);
  if (kind === 'other') return { ok: false, message: `${show(absolute)} exists and is not a directory` };
  if (kind === 'directory') {
    const refusal = await checkExistingFiles(absolute, force, show);
    if (refusal !== undefined) return { ok: false, message: `${refusal}; nothing was written` };
  }
  try {
    await mkdir(absolute, { recursive: true });
    // Schema paths are computed between real paths, as node resolved the package's own location.
    const real = await realpath(absolute);
    const texts = await Promise.all(STARTER_FILES.map((file) => renderStarterFile(file, real)));
    for (const [i, file] of STARTER_FILES.entries()) {
      const target = path.join(real, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, texts[i]!, { flag: force ? 'w' : 'wx' });
    }
  } catch (error) {
    return { ok: false, message: `cannot write the starter pack: ${(error as Error).message}` };
  }
  return { ok: true };
}

/** Why the starter files cannot be written into the existing `dir`, if they cannot. */
async function checkExistingFiles(
  dir: string,
  force: boolean,
  show: (file: string) => string,
): Promise<string | undefined> {
  const folders = new Set(STARTER_FILES.map((f) => path.posix.dirname(f.path)).filter((d) => d !== '.'));
  for (const folder of folders)
    if ((await describeEntry(path.join(dir, folder))) === 'other')
      return `${show(path.join(dir, folder))} exists and is not a directory`;
  const present: string[] = [];
  for (const file of STARTER_FILES) {
    const entry = await describeEntry(path.join(dir, file.path));
    if (entry === 'directory') return `${show(path.join(dir, file.path))} is a directory`;
    if (entry === 'other') present.push(show(path.join(dir, file.path)));
  }
  if (present.length === 0 || force) return undefined;
  return `already there: ${present.join(', ')}. Choose another directory, or overwrite them with --force`;
}

async function describeEntry(file: string): Promise<'missing' | 'directory' | 'other'> {
  try {
    return (await stat(file)).isDirectory() ? 'directory' : 'other';
  } catch {
    // A dangling symbolic link is there all the same: writing through it would create its target.
    return (await lstat(file).then(
      () => true,
      () => false,
    ))
      ? 'other'
      : 'missing';
  }
}
