import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { callApi } from './api';
import type { CompletionItem } from './editor-sources';
import { decodeShareLink, type SharedState } from './share-link';
import type { Diagnostic, Edits, Pack } from './types';

export interface PackState {
  pack: Pack | undefined;
  loadError: string | undefined;
  /** The text of each file as the page shows it: the pack's, or the edit. */
  texts: Record<string, string>;
  edits: Edits;
  openFile: string | undefined;
  diagnostics: Diagnostic[];
  shared: SharedState | undefined;
  setOpenFile: (path: string) => void;
  setText: (path: string, text: string) => void;
  setDiagnostics: (diagnostics: Diagnostic[]) => void;
  check: (file: string, text: string) => Promise<Diagnostic[] | undefined>;
  complete: (file: string, text: string, line: number, column: number) => Promise<CompletionItem[]>;
  markSaved: (paths: string[]) => void;
}

/** The first file to open: a rule file, else the first file of the pack. */
function pickFirstFile(pack: Pack): string | undefined {
  const shown = pack.files.filter((f) => f.text !== null);
  return (shown.find((f) => f.kind === 'rules') ?? shown[0])?.path;
}

/** The pack as the server has it, the page's edits over it, and the checks of the edited pack. */
export function usePack(): PackState {
  const [pack, setPack] = useState<Pack>();
  const [loadError, setLoadError] = useState<string>();
  const [base, setBase] = useState<Record<string, string>>({});
  const [edits, setEdits] = useState<Edits>({});
  const [openFile, setOpenFile] = useState<string>();
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [shared] = useState(() => decodeShareLink(window.location.hash));
  const editsRef = useRef(edits);
  editsRef.current = edits;

  useEffect(() => {
    void callApi<Pack>('pack').then((answer) => {
      if (!answer.ok) return setLoadError(answer.message);
      const texts: Record<string, string> = {};
      for (const f of answer.body.files) if (f.text !== null) texts[f.path] = f.text;
      setBase(texts);
      setPack(answer.body);
      const sharedFile = shared !== undefined && shared.file in texts ? shared.file : undefined;
      if (sharedFile !== undefined && shared!.text !== texts[sharedFile])
        setEdits({ [sharedFile]: shared!.text });
      setOpenFile(sharedFile ?? pickFirstFile(answer.body));
    });
  }, []);

  const setText = useCallback(
    (path: string, text: string) =>
      setEdits((current) => {
        if (current[path] === text) return current;
        const next = { ...current };
        if (base[path] === text) delete next[path];
        else next[path] = text;
        return next;
      }),
    [base],
  );

  const check = useCallback(async (file: string, text: string) => {
    const answer = await callApi<{ diagnostics: Diagnostic[] }>('check', {
      files: { ...editsRef.current, [file]: text },
    });
    if (!answer.ok) return undefined;
    setDiagnostics(answer.body.diagnostics);
    return answer.body.diagnostics;
  }, []);

  const complete = useCallback(async (file: string, text: string, line: number, column: number) => {
    const files = { ...editsRef.current, [file]: text };
    const answer = await callApi<{ items: CompletionItem[] }>('complete', { files, file, line, column });
    return answer.ok ? answer.body.items : [];
  }, []);

  const markSaved = useCallback((paths: string[]) => {
    const saved = editsRef.current;
    setBase((current) => ({
      ...current,
      ...Object.fromEntries(paths.map((p) => [p, saved[p] ?? current[p]!])),
    }));
    setEdits((current) => Object.fromEntries(Object.entries(current).filter(([p]) => !paths.includes(p))));
  }, []);

  return {
    pack,
    loadError,
    texts: { ...base, ...edits },
    edits,
    openFile,
    diagnostics,
    shared,
    setOpenFile,
    setText,
    setDiagnostics,
    check,
    complete,
    markSaved,
  };
}
