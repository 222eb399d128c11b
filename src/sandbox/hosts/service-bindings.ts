import type { Type } from 'protobufjs';
import {
  AUDIO_PROCESSOR_PROTO,
  AUDIO_PROCESSOR_SERVICE,
  IVR_BOT_PROTO,
  IVR_BOT_SERVICE,
} from '../../contract/proto-files';
import { loadProtoRoot } from '../../contract/load-proto-root';

/** One HTTP binding of a method, as its `google.api.http` option gives it. */
export interface HttpBinding {
  verb: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** The path template, e.g. `/v1/ivr-bot/sessions/{call_session_id}:optin`. */
  template: string;
  /** `*`: the body carries every field not in the path; undefined: no body (fields from the query). */
  body: string | undefined;
}

/** One method of a sandbox service, with its message types and HTTP bindings. */
export interface MethodBinding {
  service: string;
  name: string;
  /** The gRPC path, `/vendor.biosec.v1.IVRBot/GetPersonStatus`. */
  path: string;
  requestType: Type;
  responseType: Type;
  http: HttpBinding[];
}

const VERBS = ['get', 'post', 'patch', 'delete', 'put'] as const;
type HttpRule = Partial<Record<(typeof VERBS)[number] | 'body', string>> & {
  additional_bindings?: HttpRule | HttpRule[];
};

function readRule(rule: HttpRule): HttpBinding[] {
  const verb = VERBS.find((v) => rule[v] !== undefined);
  const own: HttpBinding[] =
    verb === undefined
      ? []
      : [{ verb: verb.toUpperCase() as HttpBinding['verb'], template: rule[verb]!, body: rule.body }];
  const more = rule.additional_bindings === undefined ? [] : [rule.additional_bindings].flat();
  return [...own, ...more.flatMap(readRule)];
}

let loaded: MethodBinding[] | undefined;

/**
 * Every method of IVRBot and AudioProcessor, read from the shipped .proto files
 * once: the bindings are the protos' `google.api.http` options, so the HTTP host
 * serves exactly what docs/contract.md documents (a test compares the two).
 */
export function loadSandboxBindings(): MethodBinding[] {
  if (loaded !== undefined) return loaded;
  const root = loadProtoRoot([IVR_BOT_PROTO, AUDIO_PROCESSOR_PROTO]);
  loaded = [IVR_BOT_SERVICE, AUDIO_PROCESSOR_SERVICE].flatMap((serviceName) =>
    root.lookupService(serviceName).methodsArray.map((method) => {
      method.resolve();
      const options = (method.parsedOptions ?? []) as Record<string, HttpRule>[];
      const rule = options.find((o) => o['(google.api.http)'] !== undefined)?.['(google.api.http)'];
      return {
        service: serviceName,
        name: method.name,
        path: `/${serviceName}/${method.name}`,
        requestType: method.resolvedRequestType!,
        responseType: method.resolvedResponseType!,
        http: rule === undefined ? [] : readRule(rule),
      };
    }),
  );
  return loaded;
}
