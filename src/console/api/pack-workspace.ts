import path from 'node:path';
import { LanguageWorkspace } from '../../lsp/workspace/language-workspace';
import type { ConsolePack } from './console-pack';

/**
 * One language workspace per console pack, kept between requests: its packs keep the LSP's load cache, so a
 * check re-parses only the files whose text changed since the last one (an edit of one file of a 1,000-rule
 * pack re-parses that file, not all ten), as `rulehook lsp` does. The workspace's open documents are shared
 * state, so requests take turns: each has its own edits open, and the files on disk listed and read afresh
 * (a save, or an edit made outside the console, is seen by the next request).
 */
class PackWorkspace {
  private readonly workspace: LanguageWorkspace;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly pack: ConsolePack) {
    this.workspace = new LanguageWorkspace([pack.root]);
  }

  withEdits<T>(files: ReadonlyMap<string, string>, run: (workspace: LanguageWorkspace) => Promise<T>) {
    const next = this.turn.then(async () => {
      const { open } = this.workspace;
      open.clear();
      for (const [file, text] of files) open.set(toAbsolute(this.pack, file), text);
      for (const rules of this.workspace.allPacks()) rules.forgetDisk();
      try {
        return await run(this.workspace);
      } finally {
        open.clear();
      }
    });
    this.turn = next.catch(() => undefined);
    return next;
  }
}

const workspaces = new WeakMap<ConsolePack, PackWorkspace>();

/**
 * Runs `run` on the pack's workspace with `files` (edited texts by pack path) open over the saved files: the
 * one way the console's endpoints see edits.
 */
export function withEdits<T>(
  pack: ConsolePack,
  files: ReadonlyMap<string, string>,
  run: (workspace: LanguageWorkspace) => Promise<T>,
): Promise<T> {
  let workspace = workspaces.get(pack);
  if (workspace === undefined) workspaces.set(pack, (workspace = new PackWorkspace(pack)));
  return workspace.withEdits(files, run);
}

export function toAbsolute(pack: ConsolePack, file: string): string {
  return path.join(pack.root, ...file.split('/'));
}
