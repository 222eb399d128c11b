import { Document, isMap, isSeq, type Node } from 'yaml';
import type { ScenarioFileSpec } from '../scenario/scenario-spec';

/** The comment line naming the recording a written scenario file was made from (read back by `--update`). */
export const RECORDING_LINE = '# recording: ';

/** Lines of a written scenario file's header comment, after the line naming its recording. */
export interface ScenarioOrigin {
  /** The recording, relative to the scenario file. */
  recording: string;
  /** How it was written, and how to refresh it: shown to people, never read back. */
  written: string;
  refresh: string;
}

/** An event's `variables` and `expect`, and each part of them, are printed on one line when this short. */
const FLOW_WIDTH = 90;

/**
 * A scenario file written from a recording, as YAML people read: a header comment saying where it came from
 * and how to refresh it; short collections of plain values on one line, others as blocks; values are text
 * (quoted where YAML would read them as another type).
 */
export function formatRecordedScenario(spec: ScenarioFileSpec, origin: ScenarioOrigin): string {
  const doc = new Document(spec);
  for (const [t, test] of (spec.tests ?? []).entries())
    for (const [e] of (test.events ?? []).entries())
      for (const key of ['variables', 'expect'])
        flowWhereShort(doc.getIn(['tests', t, 'events', e, key], true) as Node | undefined);
  doc.commentBefore = [
    ` Tests made from recorded calls: each test replays one call of the recording below, and expects`,
    ` the answers the rules gave when this file was written. Written in the rules' directory by`,
    `   ${origin.written}`,
    ` After an intended rule change, refresh the expectations there (the events are read again from the`,
    ` recording; edits to this file are not kept) and see what changed:`,
    `   ${origin.refresh}`,
    `${RECORDING_LINE.slice(1)}${origin.recording}`,
  ].join('\n');
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}

/** A collection on one line when short enough, else each of its parts that is. */
function flowWhereShort(node: Node | undefined): void {
  if (!isMap(node) && !isSeq(node)) return;
  if (JSON.stringify(node.toJSON()).length <= FLOW_WIDTH) {
    node.flow = true;
    return;
  }
  for (const item of node.items)
    flowWhereShort((isMap(node) ? (item as { value: Node }).value : item) as Node);
}

/** The recording a written scenario file names in its header, relative to the file; undefined when none. */
export function readRecordingLine(text: string): string | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith('#')) break;
    if (line.startsWith(RECORDING_LINE)) return line.slice(RECORDING_LINE.length).trim();
  }
  return undefined;
}
