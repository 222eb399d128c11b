interface Props {
  readOnly: boolean;
  edited: number;
  busy: string | undefined;
  status: { kind: 'ok' | 'error'; text: string } | undefined;
  shareLink: string | undefined;
  onTest: () => void;
  onSave: () => void;
  onShare: () => void;
}

/** The playground's actions: the pack's tests, saving the edits (not on a read-only console), a share link. */
export function Toolbar({ readOnly, edited, busy, status, shareLink, onTest, onSave, onShare }: Props) {
  return (
    <div class="toolbar" role="toolbar" aria-label="playground actions">
      <button type="button" data-testid="run-tests" onClick={onTest} disabled={busy !== undefined}>
        Run tests
      </button>
      {!readOnly && (
        <button
          type="button"
          data-testid="save"
          onClick={onSave}
          disabled={busy !== undefined || edited === 0}
        >
          Save{edited > 0 ? ` (${edited})` : ''}
        </button>
      )}
      <button type="button" data-testid="share" onClick={onShare}>
        Share link
      </button>
      {shareLink !== undefined && (
        <input
          class="share-link"
          data-testid="share-link"
          aria-label="share link"
          readOnly
          value={shareLink}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      {busy !== undefined && <span class="busy">{busy}…</span>}
      {status !== undefined && (
        <span class={`status ${status.kind}`} data-testid="status" role="status">
          {status.text}
        </span>
      )}
    </div>
  );
}
