import { autocompletion } from '@codemirror/autocomplete';
import { yaml } from '@codemirror/lang-yaml';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'preact/hooks';
import { createCompletionSource, createLintSource, toOffset } from './editor-sources';
import type { CheckFile, CompleteAt } from './editor-sources';

/** Where to put the cursor: `nonce` changes on every request, so asking twice for one place works. */
export interface CursorRequest {
  file: string;
  line: number | null;
  col: number | null;
  nonce: number;
}

interface Props {
  path: string;
  text: string;
  cursor: CursorRequest | undefined;
  onChange: (path: string, text: string) => void;
  onRun: () => void;
  check: CheckFile;
  complete: CompleteAt;
}

/** How long typing must pause before the pack is checked again. */
const LINT_DELAY_MS = 400;

/**
 * The open file in CodeMirror: YAML highlighting, the pack's diagnostics as you type, completion from the
 * language server's code. Each file keeps its own editor state (undo history) while the page is open.
 * The editor owns the text of the open file: `text` is read when a file opens, and every change is reported
 * by `onChange` (writing the page's text back into the editor a render later would undo fast typing).
 */
export function RuleEditor(props: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;
  const states = useRef(new Map<string, EditorState>());
  const shownPath = useRef<string | undefined>(undefined);

  const createState = (text: string) =>
    EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        yaml(),
        Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (latest.current.onRun(), true) }])),
        linter(
          createLintSource(
            () => latest.current.path,
            (file, text) => latest.current.check(file, text),
          ),
          { delay: LINT_DELAY_MS },
        ),
        lintGutter(),
        autocompletion({
          override: [
            createCompletionSource(
              () => latest.current.path,
              (...args) => latest.current.complete(...args),
            ),
          ],
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current.onChange(latest.current.path, update.state.doc.toString());
        }),
        EditorView.contentAttributes.of({ 'aria-label': 'rule file' }),
      ],
    });

  useEffect(() => {
    view.current = new EditorView({ parent: host.current!, state: createState(props.text) });
    shownPath.current = props.path;
    return () => view.current?.destroy();
  }, []);

  useEffect(() => {
    const editor = view.current!;
    if (shownPath.current === props.path) return;
    states.current.set(shownPath.current!, editor.state);
    const kept = states.current.get(props.path);
    editor.setState(
      kept !== undefined && kept.doc.toString() === props.text ? kept : createState(props.text),
    );
    shownPath.current = props.path;
  }, [props.path]);

  useEffect(() => {
    const editor = view.current!;
    if (props.cursor === undefined || props.cursor.file !== props.path) return;
    const anchor = toOffset(editor.state.doc, props.cursor.line, props.cursor.col);
    editor.dispatch({ selection: { anchor }, scrollIntoView: true });
    editor.focus();
  }, [props.cursor?.nonce]);

  return <div class="rule-editor" data-testid="rule-editor" data-file={props.path} ref={host} />;
}
