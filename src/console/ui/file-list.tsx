import type { Diagnostic, Edits, PackFile } from './types';
import { isDiagnosticOf } from './editor-sources';

interface Props {
  files: PackFile[];
  openFile: string | undefined;
  edits: Edits;
  diagnostics: Diagnostic[];
  onOpen: (path: string) => void;
  truncated: boolean;
}

/** Every file of the pack, grouped by kind as the language server classifies them; edited ones marked. */
export function FileList({ files, openFile, edits, diagnostics, onOpen, truncated }: Props) {
  return (
    <nav class="file-list" aria-label="pack files">
      <ul data-testid="file-list">
        {files.map((file) => {
          const errors = diagnostics.filter((d) => d.severity === 'error' && isDiagnosticOf(d, file.path));
          return (
            <li key={file.path} data-file={file.path} data-kind={file.kind}>
              <button
                type="button"
                class={file.path === openFile ? 'open' : undefined}
                aria-current={file.path === openFile ? 'true' : undefined}
                disabled={file.text === null}
                title={file.text === null ? 'not shown: over 1 MiB, or not text' : undefined}
                onClick={() => onOpen(file.path)}
              >
                <span class="file-path">{file.path}</span>
                <span class="file-kind">{file.kind}</span>
                {file.path in edits && (
                  <span class="file-edited" title="edited, not saved">
                    ●
                  </span>
                )}
                {errors.length > 0 && <span class="file-errors">{errors.length}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {truncated && <p class="hint">The pack has more files than the console lists.</p>}
    </nav>
  );
}
