import path from 'node:path';
import { Root, type Type } from 'protobufjs';
import { WEBHOOK_PROTO } from '../src/contract';
import { PROTO_DIR } from './paths';

export interface WebhookTypes {
  Event: Type;
  CustomLogicResponse: Type;
}

/**
 * The webhook messages built by protobufjs (reflection) from the repository's
 * .proto, independently of rulehook's hand-written codecs. `google/protobuf/*`
 * comes from the copy protobufjs ships.
 */
export function loadWebhookTypes(): WebhookTypes {
  const protobufjsDir = path.dirname(require.resolve('protobufjs/package.json'));
  const root = new Root();
  root.resolvePath = (_origin, target) =>
    path.isAbsolute(target)
      ? target
      : path.join(target.startsWith('google/protobuf/') ? protobufjsDir : PROTO_DIR, target);
  root.loadSync(WEBHOOK_PROTO, { keepCase: true });
  root.resolveAll();
  return {
    Event: root.lookupType('vendor.biosec.v1.Event'),
    CustomLogicResponse: root.lookupType('vendor.biosec.v1.CustomLogicResponse'),
  };
}

/** An Event's binary encoding, as the session engine would send it. */
export function encodeEvent(types: WebhookTypes, variables: Record<string, string>): Buffer {
  const bytes = types.Event.encode(types.Event.create({ session_variables: variables })).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
