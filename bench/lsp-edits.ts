import { readFileSync } from 'node:fs';
import { hrtime } from 'node:process';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../test/support/lsp-client';
import type { WrittenPack } from './lsp-pack';
import { check } from './suite';

type Accept = (diagnostics: Diagnostic[]) => boolean;

/** Whether the diagnostics warn that the catalog declares no event `name`. */
function warnsOfEvent(diagnostics: Diagnostic[], name: string): boolean {
  return diagnostics.some((d) => d.code === 'UNKNOWN_EVENT' && d.message.includes(`event '${name}'`));
}

/**
 * An editor with a generated pack open in `rulehook lsp`: its first rule file
 * and its catalog. Each edit alternates between breaking and fixing the file,
 * so that every edit's diagnostics differ from the previous edit's.
 */
export class PackEditor {
  private readonly ruleText: string;
  private readonly catalogText: string;
  private ruleEdits = 0;
  private catalogEdits = 0;

  private constructor(
    private readonly client: LspClient,
    private readonly pack: WrittenPack,
  ) {
    this.ruleText = readFileSync(this.ruleFile, 'utf8');
    this.catalogText = readFileSync(pack.catalog, 'utf8');
    check(this.ruleText.includes('on: EVENT_1\n'), 'the first rule file places a rule on EVENT_1');
    check(this.catalogText.includes('  - EVENT_0\n'), 'the catalog declares EVENT_0');
  }

  /** Starts the server, opens the rule file and the catalog; resolves with ns until the first diagnostics. */
  static async open(pack: WrittenPack, cli: string): Promise<{ editor: PackEditor; firstNs: number }> {
    const client = await LspClient.start(pack.dir, { cli });
    const editor = new PackEditor(client, pack);
    const start = hrtime.bigint();
    await client.open(editor.ruleFile, editor.ruleText);
    await editor.waitForAll(() => true);
    const firstNs = Number(hrtime.bigint() - start);
    // The server sends a file's diagnostics only when they change: opening the catalog unchanged sends none.
    await client.open(pack.catalog, editor.catalogText);
    await editor.waitForAll((d) => d.length === 0);
    return { editor, firstNs };
  }

  private get ruleFile(): string {
    return this.pack.ruleFiles[0] as string;
  }

  private get files(): string[] {
    return [this.pack.catalog, ...this.pack.ruleFiles];
  }

  /**
   * Renames the event of the rule file's first rule on EVENT_1 (the catalog edits
   * EVENT_0) or puts it back; resolves with ns until that file's new diagnostics are published.
   */
  async editRule(): Promise<number> {
    const n = this.ruleEdits++;
    const name = `NO_SUCH_EVENT_${n}`;
    const broken = n % 2 === 0;
    const text = broken ? this.ruleText.replace('on: EVENT_1\n', `on: ${name}\n`) : this.ruleText;
    const accept: Accept = broken
      ? (d) => warnsOfEvent(d, name)
      : (d) => !d.some((x) => x.message.includes('NO_SUCH_EVENT'));
    return this.timeEdit(this.ruleFile, text, [this.ruleFile], accept);
  }

  /**
   * Removes EVENT_0 from the catalog (every rule file has rules on it) or puts it
   * back; resolves with ns until every rule file's new diagnostics are published.
   */
  async editCatalog(): Promise<number> {
    const broken = this.catalogEdits++ % 2 === 0;
    const text = broken ? this.catalogText.replace('  - EVENT_0\n', '') : this.catalogText;
    const accept: Accept = (d) => warnsOfEvent(d, 'EVENT_0') === broken;
    return this.timeEdit(this.pack.catalog, text, this.pack.ruleFiles, accept);
  }

  async stop(): Promise<void> {
    check((await this.client.stop()) === 0, 'rulehook lsp exits 0 on shutdown');
  }

  /**
   * Each edit changes the diagnostics of every watched file (the server sends a
   * file's diagnostics only when they change), and the previous edit's were
   * waited for, so after `forget` what is seen comes from this edit's check.
   */
  private async timeEdit(file: string, text: string, watched: string[], accept: Accept): Promise<number> {
    for (const f of watched) this.client.forget(f);
    const start = hrtime.bigint();
    await this.client.change(file, text);
    for (const f of watched) await this.client.diagnosticsOf(f, accept);
    return Number(hrtime.bigint() - start);
  }

  private async waitForAll(accept: Accept): Promise<void> {
    for (const f of this.files) await this.client.diagnosticsOf(f, accept, 60_000);
  }
}
