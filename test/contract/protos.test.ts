/**
 * Keeps the .proto files under proto/ true to the contract (docs/contract.md).
 *
 * The protos are loaded twice, the way the runtime loads them (@grpc/proto-loader) and with plain
 * protobufjs (whose parsed options carry the google.api.http rules), and checked against tables written
 * from the spec: webhook tag numbers and types, service methods, HTTP bindings, Status codes and both
 * DecisionReason enums.
 */
import { EventEmitter } from 'node:events';
import path from 'node:path';

import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import * as protobuf from 'protobufjs';
import { FileDescriptorProto, type IFileDescriptorProto } from 'protobufjs/ext/descriptor';
import descriptorJson from 'protobufjs/google/protobuf/descriptor.json';

const PROTO_DIR = path.resolve(__dirname, '../../proto');
const WEBHOOK_FILE = 'vendor/biosec/v1/custom_business_logic.proto';
const IVR_BOT_FILE = 'vendor/biosec/v1/ivr_bot.proto';
const AUDIO_FILE = 'vendor/biosec/v1/audio_processor.proto';
const ALL_FILES = [WEBHOOK_FILE, IVR_BOT_FILE, AUDIO_FILE];

const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
  includeDirs: [PROTO_DIR],
};

const PKG = 'vendor.biosec.v1';

// ---------------------------------------------------------------------------------------------------------
// Expected contract, written from the spec.
// ---------------------------------------------------------------------------------------------------------

/** Field name -> [tag, type]. Types: scalar name, fully-qualified message/enum name, `repeated X`, `map<K,V>`. */
type FieldTable = Record<string, [number, string]>;

const WEBHOOK_MESSAGES: Record<string, FieldTable> = {
  Event: {
    session_variables: [1, 'map<string,string>'],
  },
  CustomLogicResponse: {
    result_code: [1, 'int32'],
    result_message: [2, 'string'],
    actions_to_perform: [3, `repeated ${PKG}.OperationAction`],
    session_variable_updates: [4, `repeated ${PKG}.SetSessionVariableAction`],
    nodes_to_override: [5, `repeated ${PKG}.NodeOverrideAction`],
    event_filter: [6, `${PKG}.EventFilterAction`],
  },
  OperationAction: {
    action: [1, 'string'],
    parameters: [2, 'map<string,string>'],
  },
  SetSessionVariableAction: {
    key: [1, 'string'],
    value: [2, 'string'],
  },
  NodeOverrideAction: {
    node_names: [1, 'repeated string'],
    enable: [2, 'bool'],
  },
  EventFilterAction: {
    keys_to_ignore: [1, 'repeated string'],
    values_to_ignore: [2, 'map<string,string>'],
    events_to_ignore: [3, 'repeated string'],
  },
};

/** IVR bot tag numbers given by the facts file (wire compatibility with the real platform). */
const IVR_FACT_TAGS: Record<string, Record<string, number>> = {
  StartIVRSessionRequest: { gk_scope_id: 2, call_id: 3, recording_id: 4, ani: 5, dnis: 6, custom_data: 7 },
  StartIVRSessionResponse: { call_session_id: 1, status: 2 },
  GetPersonStatusRequest: { gk_scope_id: 1, person_id: 2, voice_print_tag: 3 },
  GetPersonStatusResponse: {
    opt_in_info: 2,
    opt_out_info: 3,
    enroll_status: 4,
    voice_print_lock_info: 5,
    status: 6,
  },
  SubmitPersonIdRequest: { call_session_id: 1, person_id: 2, first_name: 3, last_name: 4, custom_data: 5 },
  SubmitPersonIdResponse: { status: 6 },
  SubmitOptInRequest: { call_session_id: 1 },
  SubmitOptInResponse: { status: 1 },
  StartRecordingRequest: {
    recording_side: 6,
    max_recording_duration: 7,
    caller_attributes: 8,
    agent_extension: 9,
  },
  StartRecordingResponse: { status: 1, media_urn: 2 },
  StopRecordingRequest: { media_urn: 2 },
  StopRecordingResponse: { status: 1 },
};

/** Every IVR bot and audio processing message the spec lists, with the fields it lists (names only). */
const SPEC_FIELD_NAMES: Record<string, string[]> = {
  StartIVRSessionRequest: ['gk_scope_id', 'call_id', 'recording_id', 'ani', 'dnis', 'custom_data'],
  StartIVRSessionResponse: ['call_session_id', 'status'],
  GetPersonStatusRequest: ['gk_scope_id', 'person_id', 'voice_print_tag'],
  GetPersonStatusResponse: [
    'opt_in_info',
    'opt_out_info',
    'enroll_status',
    'voice_print_lock_info',
    'status',
  ],
  SubmitPersonIdRequest: ['call_session_id', 'person_id', 'first_name', 'last_name', 'custom_data'],
  SubmitPersonIdResponse: ['status'],
  SubmitOptInRequest: ['call_session_id'],
  SubmitOptInResponse: ['status'],
  GetSessionDecisionRequest: ['call_session_id'],
  GetSessionDecisionResponse: [
    'session_decision',
    'verify_progress_status',
    'detect_audio_spoofing_progress_status',
    'detect_fraudsters_progress_status',
    'process_audio_for_enroll_progress_status',
    'enroll_progress_status',
    'train_progress_status',
    'status',
  ],
  EndIVRSessionRequest: ['call_session_id', 'custom_data'],
  EndIVRSessionResponse: ['status'],
  StartRecordingRequest: [
    'gk_scope_id',
    'gk_engagement_id',
    'gk_session_id',
    'recording_id',
    'platform',
    'recording_side',
    'max_recording_duration',
    'caller_attributes',
    'agent_extension',
  ],
  StartRecordingResponse: ['status', 'media_urn'],
  StopRecordingRequest: ['media_urn'],
  StopRecordingResponse: ['status'],
  CallerAttributes: ['channel_index', 'person_id'],
  SessionDecision: ['decision', 'decision_reason'],
  ProgressInformation: [
    'progress_status',
    'process_audio_for_enroll_progress_information',
    'verify_progress_information',
    'detect_audio_spoofing_progress_information',
    'detect_fraudsters_progress_information',
    'enroll_progress_information',
    'train_progress_information',
  ],
  VerifyProgressInformation: ['audio_validity'],
  DetectAudioSpoofingProgressInformation: ['audio_validity'],
  DetectFraudstersProgressInformation: ['audio_validity'],
  ProcessAudioForEnrollProgressInformation: [
    'current_net_audio',
    'min_net_audio_required_for_enroll',
    'min_net_audio_required_for_train',
    'max_net_audio_required_for_enroll',
    'audio_validity',
  ],
  EnrollProgressInformation: ['enroll_status'],
  TrainProgressInformation: ['train_status'],
  OptInInfo: ['timestamp'],
  OptOutInfo: ['timestamp', 'reason', 'offer_opt_in_time', 'offer_opt_in'],
  VoicePrintLockInfo: ['locked', 'locked_by', 'reason', 'mismatch_counter', 'timestamp', 'lock_reason'],
  DetectAudioSpoofingRequest: [
    'context',
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'gk_person_id',
    'syntheticSpeechDetectionParameters',
    'channelPlaybackDetectionParameters',
    'footprintPlaybackDetectionParameters',
    'channel_selector',
  ],
  FootprintPlaybackDetectionParameters: ['gk_voiceprint_profile_id'],
  DetectAudioSpoofingResponse: [
    'status',
    'audio_details',
    'validity',
    'synthetic_speech_detection_result',
    'channel_playback_detection_result',
    'footprint_playback_detection_result',
  ],
  SyntheticSpeechDetectionResult: [
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'decision',
    'reason',
    'result',
    'score',
  ],
  ChannelPlaybackDetectionResult: [
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'decision',
    'reason',
    'result',
    'score',
    'playback_version',
    'gk_playback_calibration_model_revision_id',
  ],
  FootprintPlaybackDetectionResult: [
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'decision',
    'reason',
    'result',
    'score',
  ],
  ValidateTextRequest: [
    'context',
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'expected_text',
    'gk_person_id',
    'channel_selector',
  ],
  ValidateTextResponse: ['status', 'result'],
  ValidateTextResult: ['result', 'score', 'decision', 'reason', 'detected_text', 'gk_processed_audio_id'],
  DetectLivenessRequest: [
    'context',
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'random_audio_set',
    'gk_person_id',
    'channel_selector',
  ],
  RandomAudio: ['gk_media_segment_id', 'gk_processed_audio_id', 'expected_text', 'channel_selector'],
  DetectLivenessResponse: ['status', 'result'],
  DetectLivenessResult: [
    'risk_engine_result',
    'liveness_detection_score',
    'decision',
    'reason',
    'details',
    'gk_reference_processed_audio_id',
  ],
  RandomAudioDetails: [
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'validity',
    'biometric_score',
    'text_validation_score',
  ],
  GetLivenessPromptRequest: ['context'],
  GetLivenessPromptResponse: ['status', 'expected_text', 'ivr_info'],
  TranscribeRequest: [
    'context',
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'language',
    'gk_person_id',
    'channel_selector',
  ],
  TranscribeResponse: ['status', 'result'],
  TranscribeResult: [
    'language',
    'text',
    'transcribed',
    'gk_processed_audio_id',
    'gk_text_id',
    'transcribe_audio_details',
    'text_details',
  ],
  TranscribeAudioDetails: [
    'gk_media_segment_id',
    'gk_processed_audio_id',
    'gross_audio',
    'net_audio',
    'abs_start_ms',
    'abs_end_ms',
    'initial_silence',
    'media_number_of_channels',
    'media_sampling_rate_hz',
    'selected_channel',
    'processed_audio_number_of_channels',
    'processed_audio_sampling_rate_hz',
  ],
  TextDetails: [
    'gk_text_id',
    'formatted_text',
    'minimally_formatted_text',
    'data_pack',
    'word_details',
    'redaction_status',
    'quality_check',
    'raw_quality',
    'gk_calibration_model_revision_id',
    'text_model_created',
  ],
  DataPack: ['language', 'topic', 'version', 'id'],
  WordDetails: ['text', 'confidence', 'start_ms', 'end_ms', 'silence_after_word', 'redaction_status'],
};

/** The types the spec names but leaves "not shown": they must exist (their contents are our design). */
const NOT_SHOWN_TYPES = [
  'Context',
  'UniqueId',
  'AudioValidity',
  'AudioChannelSelector',
  'AudioDetails',
  'RiskEngineResult',
  'Decision',
  'TrainStatus',
  'SyntheticSpeechDetectionParameters',
  'ChannelPlaybackDetectionParameters',
];

interface Binding {
  method: 'get' | 'put' | 'post' | 'delete' | 'patch';
  path: string;
  body?: string;
}

interface MethodContract {
  request: string;
  response: string;
  http: Binding;
  additional?: Binding[];
}

const SERVICES: Record<string, Record<string, MethodContract>> = {
  CustomBusinessLogic: {
    // The HTTP binding of OnEvent is our decision (the spec leaves it "not shown").
    OnEvent: {
      request: 'Event',
      response: 'CustomLogicResponse',
      http: { method: 'post', path: '/v1/events', body: '*' },
    },
  },
  IVRBot: {
    GetPersonStatus: {
      request: 'GetPersonStatusRequest',
      response: 'GetPersonStatusResponse',
      http: { method: 'get', path: '/v1/ivr-bot/scopes/{gk_scope_id}/persons/{person_id}/status' },
      additional: [
        { method: 'post', path: '/v1/ivr-bot/scopes/{gk_scope_id}/persons/status:get', body: '*' },
      ],
    },
    StartIVRSession: {
      request: 'StartIVRSessionRequest',
      response: 'StartIVRSessionResponse',
      http: { method: 'post', path: '/v1/ivr-bot/{gk_scope_id}/sessions', body: '*' },
    },
    SubmitPersonId: {
      request: 'SubmitPersonIdRequest',
      response: 'SubmitPersonIdResponse',
      http: { method: 'patch', path: '/v1/ivr-bot/sessions/{call_session_id}/person', body: '*' },
      additional: [
        { method: 'post', path: '/v1/ivr-bot/sessions/{call_session_id}/person:submitId', body: '*' },
      ],
    },
    SubmitOptIn: {
      request: 'SubmitOptInRequest',
      response: 'SubmitOptInResponse',
      http: { method: 'post', path: '/v1/ivr-bot/sessions/{call_session_id}:optin', body: '*' },
    },
    GetSessionDecision: {
      request: 'GetSessionDecisionRequest',
      response: 'GetSessionDecisionResponse',
      http: { method: 'get', path: '/v1/ivr-bot/sessions/{call_session_id}/decision' },
    },
    EndIVRSession: {
      request: 'EndIVRSessionRequest',
      response: 'EndIVRSessionResponse',
      http: { method: 'delete', path: '/v1/ivr-bot/sessions/{call_session_id}' },
      additional: [{ method: 'post', path: '/v1/ivr-bot/scopes/{call_session_id}:delete', body: '*' }],
    },
    StartRecording: {
      request: 'StartRecordingRequest',
      response: 'StartRecordingResponse',
      http: { method: 'post', path: '/v1/ivr-bot/recording/start', body: '*' },
    },
    StopRecording: {
      request: 'StopRecordingRequest',
      response: 'StopRecordingResponse',
      http: { method: 'post', path: '/v1/ivr-bot/recording/stop', body: '*' },
    },
  },
  AudioProcessor: {
    DetectAudioSpoofing: {
      request: 'DetectAudioSpoofingRequest',
      response: 'DetectAudioSpoofingResponse',
      http: { method: 'post', path: '/v1/audios/spoofing', body: '*' },
    },
    ValidateText: {
      request: 'ValidateTextRequest',
      response: 'ValidateTextResponse',
      http: { method: 'post', path: '/v1/audios/text-validation', body: '*' },
    },
    DetectLiveness: {
      request: 'DetectLivenessRequest',
      response: 'DetectLivenessResponse',
      http: { method: 'post', path: '/v1/audios/liveness', body: '*' },
    },
    GetLivenessPrompt: {
      request: 'GetLivenessPromptRequest',
      response: 'GetLivenessPromptResponse',
      http: { method: 'get', path: '/v1/prompts/liveness' },
    },
    Transcribe: {
      request: 'TranscribeRequest',
      response: 'TranscribeResponse',
      http: { method: 'post', path: '/v1/audios/transcription', body: '*' },
    },
    Redact: {
      request: 'TranscribeRequest',
      response: 'TranscribeResponse',
      http: { method: 'post', path: '/v1/audios/redaction', body: '*' },
    },
  },
};

/** vendor.rpc.StatusCode as decided: the real platform's names and numbers (OK = 1). */
const STATUS_CODES: Record<string, number> = {
  UNSPECIFIED: 0,
  OK: 1,
  BAD_REQUEST: 2,
  INVALID_REQUEST: 3,
  CANCELLED_CLIENT: 4,
  CANCELLED_SERVER: 5,
  DEADLINE_EXCEEDED: 6,
  NOT_AUTHORIZED: 7,
  PERMISSION_DENIED: 8,
  NOT_FOUND: 9,
  ALREADY_EXISTS: 10,
  NOT_IMPLEMENTED: 11,
  UNKNOWN: 15,
  TOO_LARGE: 51,
  BUSY: 52,
  OBSOLETE: 53,
  RATE_EXCEEDED: 54,
  QUOTA_EXCEEDED: 55,
  INTERNAL_ERROR: 56,
};

const STATUS_FIELDS: FieldTable = {
  status_code: [1, 'vendor.rpc.StatusCode'],
  status_sub_code: [2, 'int32'],
  http_trans_code: [3, 'int32'],
  request_info: [4, 'vendor.rpc.RequestInfo'],
  status_message: [5, 'vendor.rpc.LocalizedMessage'],
  help_info: [6, 'vendor.rpc.HelpInfo'],
  field_violations: [7, 'repeated vendor.rpc.FieldViolation'],
  retry_info: [8, 'vendor.rpc.RetryInfo'],
  status_details: [9, 'repeated vendor.rpc.StatusDetail'],
  diagnostic_details: [10, 'repeated vendor.rpc.DiagnosticDetail'],
};

/** DecisionReason of the IVR bot (nested as SessionDecision.DecisionReason). */
const IVR_DECISION_REASONS: Record<string, number> = {
  DECISION_REASON_UNSPECIFIED: 0,
  DECISION_REASON_INTERNAL_ERROR: 1,
  DECISION_REASON_AUDIO_OK: 2,
  DECISION_REASON_NOT_ENOUGH_AUDIO: 3,
  DECISION_REASON_INVALID_AUDIO: 4,
  DECISION_REASON_AUDIO_TOO_SHORT: 5,
  DECISION_REASON_AUDIO_TOO_SOFT: 6,
  DECISION_REASON_AUDIO_TOO_LOUD: 7,
  DECISION_REASON_AUDIO_TOO_NOISY: 8,
  DECISION_REASON_MULTI_SPEAKERS_DETECTED: 9,
  DECISION_REASON_SYNTHETIC_SPEECH_DETECTED: 10,
  DECISION_REASON_PLAYBACK_INDICATION: 11,
  DECISION_REASON_TONE_DETECTED: 12,
  DECISION_REASON_WRONG_PASSPHRASE: 13,
  DECISION_REASON_FRAUDSTER_INDICATION: 14,
  DECISION_REASON_VOICEPRINT_MATCH: 15,
  DECISION_REASON_VOICEPRINT_MISMATCH: 16,
  DECISION_REASON_VOICEPRINT_UNCERTAIN: 17,
  DECISION_REASON_UNRELIABLE_DECISION_THRESHOLDS: 18,
  DECISION_REASON_TEXT_OK: 19,
  DECISION_REASON_INVALID_TEXT: 20,
  DECISION_REASON_CONVOPRINT_MATCH: 21,
  DECISION_REASON_CONVOPRINT_NO_MATCH: 22,
  DECISION_REASON_CONVOPRINT_UNCERTAIN: 23,
  DECISION_REASON_NO_RISK_DETECTED: 24,
  DECISION_REASON_NO_SCORES: 25,
};

/** DecisionReason of audio processing (top-level vendor.biosec.v1.DecisionReason). */
const AUDIO_DECISION_REASONS: Record<string, number> = {
  DECISION_REASON_UNSPECIFIED: 0,
  DECISION_REASON_AUDIO_OK: 1,
  DECISION_REASON_NOT_ENOUGH_SEGMENTS: 2,
  DECISION_REASON_INVALID_AUDIO: 3,
  DECISION_REASON_AUDIO_TOO_SHORT: 4,
  DECISION_REASON_AUDIO_TOO_SOFT: 5,
  DECISION_REASON_AUDIO_TOO_LOUD: 6,
  DECISION_REASON_AUDIO_TOO_NOISY: 7,
  DECISION_REASON_SYNTHETIC_SPEECH_DETECTED: 8,
  DECISION_REASON_PLAYBACK_INDICATION: 9,
  DECISION_REASON_LOW_RELIABILITY: 10,
  DECISION_REASON_INTERNAL_ERROR: 999,
};

/** The other enums the spec lists, with their numbers. */
const SPEC_ENUMS: Record<string, Record<string, number>> = {
  EnrollStatus: {
    ENROLL_STATUS_UNSPECIFIED: 0,
    ENROLL_STATUS_READY: 1,
    ENROLL_STATUS_TRAINED: 2,
    ENROLL_STATUS_PARTIALLY_ENROLLED: 3,
    ENROLL_STATUS_NOT_ENROLLED: 4,
  },
  LockReason: {
    LOCK_REASON_UNSPECIFIED: 0,
    LOCK_REASON_CONSECUTIVE_MISMATCHES: 1,
    LOCK_REASON_OTHER: 100,
  },
  ProgressStatus: {
    PROGRESS_STATUS_UNSPECIFIED: 0,
    PROGRESS_STATUS_STARTED: 1,
    PROGRESS_STATUS_IN_PROGRESS: 2,
    PROGRESS_STATUS_COMPLETED: 3,
  },
  RecordingSide: {
    RECORDING_SIDE_UNSPECIFIED: 0,
    RECORDING_SIDE_1: 1,
    RECORDING_SIDE_2: 2,
    RECORDING_SIDE_ALL: 10,
  },
  RedactionStatus: {
    REDACTION_STATUS_UNSPECIFIED: 0,
    REDACTION_STATUS_PLAIN: 1,
    REDACTION_STATUS_MASKED: 2,
    REDACTION_STATUS_REDACTED: 3,
  },
};

// ---------------------------------------------------------------------------------------------------------
// Loading and helpers.
// ---------------------------------------------------------------------------------------------------------

/** The parts of a google.protobuf.FieldDescriptorProto (as proto-loader renders it) this test reads. */
interface LoaderField {
  name: string;
  number: number;
  label: string;
  type: string;
  typeName: string;
}

interface LoaderMessage {
  name: string;
  field: LoaderField[];
  nestedType: LoaderMessage[];
  enumType: LoaderEnum[];
  options: { mapEntry?: boolean } | null;
}

interface LoaderEnum {
  name: string;
  value: { name: string; number: number }[];
}

const SCALAR_TYPES: Record<string, string> = {
  TYPE_STRING: 'string',
  TYPE_INT32: 'int32',
  TYPE_UINT32: 'uint32',
  TYPE_BOOL: 'bool',
  TYPE_FLOAT: 'float',
  TYPE_INT64: 'int64',
};

function loaderMessage(pkg: protoLoader.PackageDefinition, fullName: string): LoaderMessage {
  const def = pkg[fullName] as protoLoader.MessageTypeDefinition<object, object> | undefined;
  if (!def || def.format !== 'Protocol Buffer 3 DescriptorProto') {
    throw new Error(`${fullName} is not a message in the package definition`);
  }
  return def.type as LoaderMessage;
}

/** Renders a proto-loader field as a FieldTable type (type names as written in the descriptor). */
function loaderFieldType(message: LoaderMessage, field: LoaderField): string {
  if (field.type === 'TYPE_MESSAGE') {
    const entry = message.nestedType.find((n) => n.name === field.typeName && n.options?.mapEntry);
    if (entry) {
      const [k, v] = entry.field;
      return `map<${SCALAR_TYPES[k.type]},${SCALAR_TYPES[v.type] ?? v.typeName}>`;
    }
  }
  const base = SCALAR_TYPES[field.type] ?? field.typeName;
  return field.label === 'LABEL_REPEATED' ? `repeated ${base}` : base;
}

/** Renders a protobufjs field as a FieldTable type (fully-qualified names, no leading dot). */
function pbFieldType(field: protobuf.Field): string {
  const base = field.resolvedType ? field.resolvedType.fullName.slice(1) : field.type;
  if (field instanceof protobuf.MapField) return `map<${field.keyType},${base}>`;
  return field.repeated ? `repeated ${base}` : base;
}

function pbFieldTable(type: protobuf.Type): FieldTable {
  const table: FieldTable = {};
  for (const field of type.fieldsArray) table[field.name] = [field.id, pbFieldType(field)];
  return table;
}

function enumTable(values: { name: string; number: number }[]): Record<string, number> {
  return Object.fromEntries(values.map((v) => [v.name, v.number]));
}

/** A google.api.HttpRule as protobufjs parses it from an aggregate option (a lone repeated entry is an object). */
interface ParsedHttpRule {
  get?: string;
  put?: string;
  post?: string;
  delete?: string;
  patch?: string;
  body?: string;
  additional_bindings?: ParsedHttpRule | ParsedHttpRule[];
}

const HTTP_VERBS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function toBinding(rule: ParsedHttpRule): Binding {
  const verbs = HTTP_VERBS.filter((verb) => rule[verb] !== undefined);
  if (verbs.length !== 1) throw new Error(`HttpRule must set exactly one verb, got ${JSON.stringify(rule)}`);
  const binding: Binding = { method: verbs[0], path: rule[verbs[0]] as string };
  if (rule.body !== undefined) binding.body = rule.body;
  return binding;
}

function httpRuleOf(method: protobuf.Method): ParsedHttpRule | undefined {
  const entry = (method.parsedOptions ?? []).find(
    (o: Record<string, unknown>) => '(google.api.http)' in o,
  ) as Record<string, ParsedHttpRule> | undefined;
  return entry?.['(google.api.http)'];
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Plain protobufjs, resolving imports from proto/ and the well-known types bundled with protobufjs. */
function loadWithProtobufjs(files: string[]): protobuf.Root {
  // descriptor.proto is not bundled by default (proto-loader registers it); register it ourselves.
  protobuf.common('descriptor', descriptorJson.nested.google.nested.protobuf.nested as protobuf.INamespace);
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.resolve(PROTO_DIR, target);
  root.loadSync(files, { keepCase: true });
  root.resolveAll();
  return root;
}

let loaderPkg: protoLoader.PackageDefinition;
let webhookPkg: protoLoader.PackageDefinition;
let root: protobuf.Root;
const loadWarnings: string[] = [];

beforeAll(() => {
  const onWarning = (warning: Error): void => {
    loadWarnings.push(warning.message);
  };
  const emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(((warning: string | Error) => {
    onWarning(typeof warning === 'string' ? new Error(warning) : warning);
  }) as typeof process.emitWarning);
  try {
    loaderPkg = protoLoader.loadSync(ALL_FILES, LOADER_OPTIONS);
    webhookPkg = protoLoader.loadSync(WEBHOOK_FILE, LOADER_OPTIONS);
  } finally {
    emitWarning.mockRestore();
  }
  root = loadWithProtobufjs(ALL_FILES);
});

// ---------------------------------------------------------------------------------------------------------
// Tests.
// ---------------------------------------------------------------------------------------------------------

describe('loading', () => {
  it('proto-loader resolves every import (proto/ and the bundled well-known types) without warnings', () => {
    expect(loadWarnings).toEqual([]);
    for (const wkt of ['Duration', 'Timestamp', 'FloatValue', 'Int32Value', 'UInt32Value', 'StringValue']) {
      expect(loaderPkg[`google.protobuf.${wkt}`]).toBeDefined();
    }
    expect(loaderPkg['google.api.HttpRule']).toBeDefined();
    const start = loaderMessage(loaderPkg, `${PKG}.StartRecordingRequest`);
    const maxDuration = start.field.find((f) => f.name === 'max_recording_duration');
    expect(maxDuration?.typeName).toBe('google.protobuf.Duration');
  });

  it('the webhook file alone loads, with only its own package and what it imports', () => {
    const own = Object.keys(webhookPkg).filter((name) => name.startsWith(`${PKG}.`));
    expect(own.sort()).toEqual(
      [
        'CustomBusinessLogic',
        'CustomLogicResponse',
        'Event',
        'EventFilterAction',
        'NodeOverrideAction',
        'OperationAction',
        'SetSessionVariableAction',
      ].map((n) => `${PKG}.${n}`),
    );
  });
});

describe('webhook messages', () => {
  it.each(Object.entries(WEBHOOK_MESSAGES))(
    '%s has exactly the spec fields, tags and types (proto-loader)',
    (name, fields) => {
      const message = loaderMessage(webhookPkg, `${PKG}.${name}`);
      const actual: FieldTable = {};
      for (const field of message.field) {
        const type = loaderFieldType(message, field);
        // proto-loader writes message type names relative to the package; qualify them for comparison.
        actual[field.name] = [field.number, type.replace(/^(repeated )?([A-Z]\w*)$/, `$1${PKG}.$2`)];
      }
      expect(actual).toEqual(fields);
    },
  );

  it.each(Object.entries(WEBHOOK_MESSAGES))(
    '%s has exactly the spec fields, tags and types (protobufjs)',
    (name, fields) => {
      expect(pbFieldTable(root.lookupType(`${PKG}.${name}`))).toEqual(fields);
    },
  );

  it('round-trips a response through the binary wire format with the spec tags', () => {
    const type = root.lookupType(`${PKG}.CustomLogicResponse`);
    const bytes = type
      .encode(type.fromObject({ result_code: 200, nodes_to_override: [{ node_names: ['a'], enable: true }] }))
      .finish();
    // Tag 1 varint 200 (08 c801); tag 5 length-delimited (2a 05) holding tag 1 "a" (0a 01 61), tag 2 true (10 01).
    expect(Buffer.from(bytes).toString('hex')).toBe('08c8012a050a01611001');
  });
});

describe('services', () => {
  it.each(Object.entries(SERVICES))('%s has exactly the spec methods, all unary', (service, methods) => {
    const def = loaderPkg[`${PKG}.${service}`] as protoLoader.ServiceDefinition;
    expect(Object.keys(def).sort()).toEqual(Object.keys(methods).sort());
    for (const [name, contract] of Object.entries(methods)) {
      const method = def[name];
      expect(method.path).toBe(`/${PKG}.${service}/${name}`);
      expect(method.requestStream).toBe(false);
      expect(method.responseStream).toBe(false);
      expect((method.requestType.type as LoaderMessage).name).toBe(contract.request);
      expect((method.responseType.type as LoaderMessage).name).toBe(contract.response);

      const pbMethod = root.lookupService(`${PKG}.${service}`).methods[name];
      expect(pbMethod.resolvedRequestType?.fullName).toBe(`.${PKG}.${contract.request}`);
      expect(pbMethod.resolvedResponseType?.fullName).toBe(`.${PKG}.${contract.response}`);
    }
  });

  it('the package holds exactly the three services of the spec', () => {
    const services = Object.entries(loaderPkg)
      .filter(([, def]) => !('format' in def))
      .map(([name]) => name);
    expect(services.sort()).toEqual(
      Object.keys(SERVICES)
        .map((s) => `${PKG}.${s}`)
        .sort(),
    );
  });
});

describe('google.api.http bindings', () => {
  const cases = Object.entries(SERVICES).flatMap(([service, methods]) =>
    Object.entries(methods).map(([method, contract]) => [`${service}.${method}`, contract] as const),
  );

  it.each(cases)('%s has the spec method and path, and its alternative bindings', (qualified, contract) => {
    const [service, methodName] = qualified.split('.');
    const rule = httpRuleOf(root.lookupService(`${PKG}.${service}`).methods[methodName]);
    expect(rule).toBeDefined();
    const parsed = rule as ParsedHttpRule;
    expect(toBinding(parsed)).toEqual(contract.http);
    expect(asArray(parsed.additional_bindings).map(toBinding)).toEqual(contract.additional ?? []);
    // Additional bindings must not nest further bindings (google.api.http rule).
    for (const extra of asArray(parsed.additional_bindings))
      expect(extra.additional_bindings).toBeUndefined();
  });

  it.each(cases)('%s: proto-loader exposes the same rule to the hosts', (qualified) => {
    const [service, methodName] = qualified.split('.');
    const def = loaderPkg[`${PKG}.${service}`] as protoLoader.ServiceDefinition;
    const options = def[methodName].options as Record<string, unknown>;
    const rule = httpRuleOf(root.lookupService(`${PKG}.${service}`).methods[methodName]);
    expect(options['(google.api.http)']).toEqual(rule);
  });

  it('every path variable names a top-level field of the request', () => {
    for (const [service, methods] of Object.entries(SERVICES)) {
      for (const [name, contract] of Object.entries(methods)) {
        const request = root.lookupType(`${PKG}.${contract.request}`);
        for (const binding of [contract.http, ...(contract.additional ?? [])]) {
          for (const [, variable] of binding.path.matchAll(/\{(\w+)\}/g)) {
            expect({ method: `${service}.${name}`, variable, known: variable in request.fields }).toEqual({
              method: `${service}.${name}`,
              variable,
              known: true,
            });
          }
        }
      }
    }
  });
});

describe('vendor.rpc.Status', () => {
  it('StatusCode has the platform names and numbers, OK = 1', () => {
    const def = loaderPkg['vendor.rpc.StatusCode'] as protoLoader.EnumTypeDefinition;
    expect(enumTable((def.type as LoaderEnum).value)).toEqual(STATUS_CODES);
    expect(root.lookupEnum('vendor.rpc.StatusCode').values).toEqual(STATUS_CODES);
  });

  it('Status has the platform field tags', () => {
    expect(pbFieldTable(root.lookupType('vendor.rpc.Status'))).toEqual(STATUS_FIELDS);
  });

  it('every status field of an IVR bot or audio response is a vendor.rpc.Status', () => {
    const responses = Object.entries(SERVICES)
      .filter(([service]) => service !== 'CustomBusinessLogic')
      .flatMap(([, methods]) => Object.values(methods).map((m) => m.response));
    for (const response of new Set(responses)) {
      const status = root.lookupType(`${PKG}.${response}`).fields.status;
      expect({ response, type: status && pbFieldType(status) }).toEqual({
        response,
        type: 'vendor.rpc.Status',
      });
    }
  });
});

describe('enums', () => {
  it('IVR bot DecisionReason (SessionDecision.DecisionReason) has the spec numbers', () => {
    expect(root.lookupEnum(`${PKG}.SessionDecision.DecisionReason`).values).toEqual(IVR_DECISION_REASONS);
    const sessionDecision = loaderMessage(loaderPkg, `${PKG}.SessionDecision`);
    const nested = sessionDecision.enumType.find((e) => e.name === 'DecisionReason');
    expect(enumTable(nested?.value ?? [])).toEqual(IVR_DECISION_REASONS);
    const reasonField = root.lookupType(`${PKG}.SessionDecision`).fields.decision_reason;
    expect(pbFieldType(reasonField)).toBe(`${PKG}.SessionDecision.DecisionReason`);
  });

  it('audio processing DecisionReason (top level) has the spec numbers', () => {
    expect(root.lookupEnum(`${PKG}.DecisionReason`).values).toEqual(AUDIO_DECISION_REASONS);
    const def = loaderPkg[`${PKG}.DecisionReason`] as protoLoader.EnumTypeDefinition;
    expect(enumTable((def.type as LoaderEnum).value)).toEqual(AUDIO_DECISION_REASONS);
    for (const result of [
      'SyntheticSpeechDetectionResult',
      'ChannelPlaybackDetectionResult',
      'FootprintPlaybackDetectionResult',
      'ValidateTextResult',
      'DetectLivenessResult',
    ]) {
      const reason = root.lookupType(`${PKG}.${result}`).fields.reason;
      expect({ result, type: pbFieldType(reason) }).toEqual({ result, type: `${PKG}.DecisionReason` });
    }
  });

  it.each(Object.entries(SPEC_ENUMS))('%s has the spec values and numbers', (name, values) => {
    expect(root.lookupEnum(`${PKG}.${name}`).values).toEqual(values);
  });
});

describe('IVR bot and audio messages', () => {
  it.each(Object.entries(SPEC_FIELD_NAMES))('%s has exactly the fields the spec lists', (name, fields) => {
    const type = root.lookupType(`${PKG}.${name}`);
    expect(type.fieldsArray.map((f) => f.name).sort()).toEqual([...fields].sort());
  });

  it.each(NOT_SHOWN_TYPES)('%s (contents not shown in the spec) is defined in the package', (name) => {
    expect(root.lookup(`${PKG}.${name}`)).not.toBeNull();
  });

  it.each(Object.entries(IVR_FACT_TAGS))('%s uses the platform tag numbers', (name, tags) => {
    const table = pbFieldTable(root.lookupType(`${PKG}.${name}`));
    const actual = Object.fromEntries(Object.keys(tags).map((field) => [field, table[field]?.[0]]));
    expect(actual).toEqual(tags);
  });

  it('custom_data fields are map<string,string>', () => {
    for (const name of ['StartIVRSessionRequest', 'SubmitPersonIdRequest', 'EndIVRSessionRequest']) {
      const field = root.lookupType(`${PKG}.${name}`).fields.custom_data;
      expect({ name, type: pbFieldType(field) }).toEqual({ name, type: 'map<string,string>' });
    }
  });

  it('GetPersonStatusResponse keeps opt_in_info / opt_out_info in the oneof opt_in_out', () => {
    const oneof = root.lookupType(`${PKG}.GetPersonStatusResponse`).oneofs.opt_in_out;
    expect(oneof.oneof).toEqual(['opt_in_info', 'opt_out_info']);
  });

  it('DetectAudioSpoofingRequest keeps the camelCase names of its three parameter fields', () => {
    const table = pbFieldTable(root.lookupType(`${PKG}.DetectAudioSpoofingRequest`));
    expect(table.syntheticSpeechDetectionParameters).toEqual([
      5,
      `${PKG}.SyntheticSpeechDetectionParameters`,
    ]);
    expect(table.channelPlaybackDetectionParameters).toEqual([
      6,
      `${PKG}.ChannelPlaybackDetectionParameters`,
    ]);
    expect(table.footprintPlaybackDetectionParameters).toEqual([
      7,
      `${PKG}.FootprintPlaybackDetectionParameters`,
    ]);
    expect(root.lookupType(`${PKG}.DetectAudioSpoofingRequest`).oneofs.input.oneof).toEqual([
      'gk_media_segment_id',
      'gk_processed_audio_id',
    ]);
  });

  it('every audio request carries a Context and its audio as a oneof of two UniqueIds', () => {
    const requests: Record<string, string | null> = {
      DetectAudioSpoofingRequest: 'input',
      ValidateTextRequest: 'audio',
      DetectLivenessRequest: 'audio',
      TranscribeRequest: 'audio',
      GetLivenessPromptRequest: null,
    };
    expect(pbFieldTable(root.lookupType(`${PKG}.Context`))).toEqual({
      gk_engagement_id: [1, 'string'],
      gk_session_id: [2, 'string'],
      gk_scope_id: [3, 'string'],
      configset_id: [4, 'string'],
    });
    for (const [name, oneofName] of Object.entries(requests)) {
      const type = root.lookupType(`${PKG}.${name}`);
      expect(pbFieldType(type.fields.context)).toBe(`${PKG}.Context`);
      if (oneofName === null) continue;
      const oneof = type.oneofs[oneofName];
      expect(oneof.fieldsArray.map((f) => [f.name, pbFieldType(f)])).toEqual([
        ['gk_media_segment_id', `${PKG}.UniqueId`],
        ['gk_processed_audio_id', `${PKG}.UniqueId`],
      ]);
    }
  });
});

describe('gRPC server reflection', () => {
  /** Drives one reflection request through the handler the service registers, like grpc-js would. */
  function reflect(
    implementation: Record<string, (call: EventEmitter) => void>,
    request: Record<string, string>,
  ): Record<string, unknown> {
    const written: Record<string, unknown>[] = [];
    const call = Object.assign(new EventEmitter(), {
      write: (message: Record<string, unknown>) => written.push(message),
      end: () => undefined,
    });
    implementation.ServerReflectionInfo(call);
    call.emit('data', request);
    call.emit('end');
    expect(written).toHaveLength(1);
    return written[0];
  }

  function registered(): Map<string, Record<string, (call: EventEmitter) => void>> {
    const services = new Map<string, Record<string, (call: EventEmitter) => void>>();
    const server = {
      addService: (definition: Record<string, { path: string }>, implementation: object) => {
        const servicePath = Object.values(definition)[0].path.split('/')[1];
        services.set(servicePath, implementation as Record<string, (call: EventEmitter) => void>);
      },
    };
    new ReflectionService(webhookPkg).addToServer(server as never);
    return services;
  }

  it('ReflectionService can be built from the webhook package definition (v1 and v1alpha)', () => {
    expect(() => new ReflectionService(webhookPkg)).not.toThrow();
    expect([...registered().keys()].sort()).toEqual([
      'grpc.reflection.v1.ServerReflection',
      'grpc.reflection.v1alpha.ServerReflection',
    ]);
  });

  it('lists the webhook service and serves its descriptors', () => {
    for (const implementation of registered().values()) {
      const list = reflect(implementation, { messageRequest: 'listServices', listServices: '*' });
      expect(list.listServicesResponse).toEqual({ service: [{ name: `${PKG}.CustomBusinessLogic` }] });

      const files = reflect(implementation, {
        messageRequest: 'fileContainingSymbol',
        fileContainingSymbol: `${PKG}.CustomBusinessLogic`,
      });
      const protos = (files.fileDescriptorResponse as { fileDescriptorProto: Uint8Array[] })
        .fileDescriptorProto;
      const decoded = protos.map(
        (bytes) => FileDescriptorProto.decode(bytes) as unknown as IFileDescriptorProto,
      );
      const own = decoded.find((file) => file.package === PKG);
      expect(own?.service?.map((s) => s.name)).toEqual(['CustomBusinessLogic']);
      expect(own?.messageType?.map((m) => m.name).sort()).toEqual(Object.keys(WEBHOOK_MESSAGES).sort());
    }
  });

  it('canary: proto-loader names map entries after protobufjs, not "<Field>Entry" (grpcurl#519)', () => {
    // protobufjs (7.x) builds the descriptors served by reflection and names the implicit map entry of
    // `session_variables` "Session_variables" instead of protoc's "SessionVariablesEntry"; strict clients
    // (grpcurl, Go protodesc) reject that ("incorrect implicit map entry name"). The gRPC host must rewrite
    // the entry names before handing the package definition to ReflectionService. When this canary fails,
    // protobufjs has fixed it and that rewrite can go.
    const event = loaderMessage(webhookPkg, `${PKG}.Event`);
    expect(event.nestedType.map((n) => n.name)).toEqual(['Session_variables']);
  });
});
