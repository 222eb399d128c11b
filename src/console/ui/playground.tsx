import { useEffect, useState } from 'preact/hooks';
import { DiagnosticsList } from './diagnostics-list';
import { isDiagnosticOf } from './editor-sources';
import { EventPanel } from './event-panel';
import { FileList } from './file-list';
import { RuleEditor, type CursorRequest } from './rule-editor';
import { TestsPanel } from './tests-panel';
import { Toolbar } from './toolbar';
import type { EngineSettings, Pack } from './types';
import type { PackState } from './use-pack';
import { usePlaygroundActions } from './use-playground-actions';

interface Props {
  pack: Pack;
  state: PackState;
  eventText: string;
  onEventText: (text: string) => void;
  /** Changes when another view puts an event in the panel to be run (a live decision opened here). */
  runRequest: number;
}

/** Edit the pack's files, see their problems as you type, run an event through them, run the tests, save. */
export function Playground({ pack, state, eventText, onEventText, runRequest }: Props) {
  // A test file's engine settings, from picking its events until another event is put in from elsewhere.
  const [engine, setEngine] = useState<EngineSettings>();
  const actions = usePlaygroundActions(state, eventText, engine);
  const [cursor, setCursor] = useState<CursorRequest>();
  useEffect(() => {
    if (runRequest === 0) return;
    setEngine(undefined);
    void actions.runEventWith(undefined);
  }, [runRequest]);

  const goto = (file: string, line: number | null, col: number | null) => {
    const path =
      pack.files.find((f) => f.path === file)?.path ??
      pack.files.find((f) => file.endsWith(`/${f.path}`))?.path;
    if (path === undefined) return;
    state.setOpenFile(path);
    setCursor({ file: path, line, col, nonce: (cursor?.nonce ?? 0) + 1 });
  };
  const open = state.openFile;

  return (
    <div class="playground">
      <FileList
        files={pack.files}
        openFile={open}
        edits={state.edits}
        diagnostics={state.diagnostics}
        onOpen={state.setOpenFile}
        truncated={pack.truncated === true}
      />
      <div class="editor-column">
        <Toolbar
          readOnly={pack.read_only}
          edited={Object.keys(state.edits).length}
          busy={actions.busy}
          status={actions.status}
          shareLink={actions.shareLink}
          onTest={actions.runTests}
          onSave={actions.save}
          onShare={actions.share}
        />
        {open !== undefined && (
          <RuleEditor
            path={open}
            text={state.texts[open] ?? ''}
            cursor={cursor}
            onChange={state.setText}
            onRun={actions.runEvent}
            check={state.check}
            complete={state.complete}
          />
        )}
        <DiagnosticsList
          diagnostics={state.diagnostics}
          onSelect={(d) => {
            const path = pack.files.find((f) => isDiagnosticOf(d, f.path))?.path;
            if (path !== undefined) goto(path, d.line, d.col);
          }}
        />
      </div>
      <div class="side-column">
        <EventPanel
          text={eventText}
          onText={onEventText}
          engine={engine}
          onEngine={setEngine}
          onRun={actions.runEvent}
          running={actions.busy === 'running'}
          error={actions.eventError}
          results={actions.results}
          files={pack.files}
          edits={state.edits}
          sessionKey={pack.session_key}
        />
        {actions.report !== undefined && <TestsPanel report={actions.report} onGoto={goto} />}
      </div>
    </div>
  );
}
