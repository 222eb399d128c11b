/**
 * The webhook messages of `vendor.biosec.v1` (proto/vendor/biosec/v1), as plain
 * objects with the proto field names. These are what the evaluation core reads
 * and writes; the JSON and binary codecs translate them to and from the wire.
 */

/** Session variables are a flat map of strings (proto `map<string,string>`). */
export type SessionVariables = Record<string, string>;

export interface Event {
  session_variables: SessionVariables;
}

export interface OperationAction {
  action: string;
  parameters: Record<string, string>;
}

export interface SetSessionVariableAction {
  key: string;
  value: string;
}

export interface NodeOverrideAction {
  node_names: string[];
  /** false disables the listed nodes for the rest of the session; true enables them again. */
  enable: boolean;
}

export interface EventFilterAction {
  keys_to_ignore: string[];
  /** Carried and kept, but "currently unsupported" by the engine. */
  values_to_ignore: Record<string, string>;
  events_to_ignore: string[];
}

export interface CustomLogicResponse {
  /** 200 means OK; anything else is an error. */
  result_code: number;
  /** Reserved for future use by the spec: always empty. */
  result_message: string;
  actions_to_perform: OperationAction[];
  session_variable_updates: SetSessionVariableAction[];
  nodes_to_override: NodeOverrideAction[];
  /** Absent when the response does not change the session's filter. */
  event_filter?: EventFilterAction;
}

export const RESULT_CODE_OK = 200;

/** The variable that names the event type: the engine's, on every event. */
export const CURRENT_EVENT_KEY = 'state.currentEvent';

/** The variable that holds the call session's id: the engine's, on every event. */
export const SESSION_ID_KEY = 'state.sessionId';

export function createEmptyResponse(): CustomLogicResponse {
  return {
    result_code: RESULT_CODE_OK,
    result_message: '',
    actions_to_perform: [],
    session_variable_updates: [],
    nodes_to_override: [],
  };
}
