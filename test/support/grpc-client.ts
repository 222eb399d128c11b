import * as grpc from '@grpc/grpc-js';
import { buildSpecWebhookTypes } from './spec-types';

const ON_EVENT = '/vendor.biosec.v1.CustomBusinessLogic/OnEvent';
const types = buildSpecWebhookTypes();

export type GrpcReply =
  | { ok: true; response: Record<string, unknown>; trailer: grpc.Metadata }
  | { ok: false; code: grpc.status; details: string; retryPushbackMs?: number };

/** The trailer by which a server tells a client when to retry (gRPC A6). */
const RETRY_PUSHBACK = 'grpc-retry-pushback-ms';

export interface RawClientOptions {
  /** Default: plaintext. */
  credentials?: grpc.ChannelCredentials;
  /** Sent as metadata `authorization` on every call. */
  authorization?: string;
  /** Each call fails DEADLINE_EXCEEDED after this long; default: none. */
  deadlineMs?: number;
  channelOptions?: grpc.ChannelOptions;
}

/**
 * A real grpc-js client over loopback that sends raw request bytes (so tests can
 * send malformed ones) and decodes replies with types built from the spec.
 */
export class RawWebhookClient {
  private readonly client: grpc.Client;

  constructor(
    address: string,
    private readonly options: RawClientOptions = {},
  ) {
    this.client = new grpc.Client(
      address,
      options.credentials ?? grpc.credentials.createInsecure(),
      options.channelOptions ?? {},
    );
  }

  /** Encodes `variables` with the spec-built Event type and calls OnEvent. */
  sendVariables(variables: Record<string, string>, metadata = new grpc.Metadata()): Promise<GrpcReply> {
    return this.sendBytes(
      Buffer.from(types.Event.encode(types.Event.create({ session_variables: variables })).finish()),
      metadata,
    );
  }

  sendBytes(bytes: Buffer, metadata = new grpc.Metadata()): Promise<GrpcReply> {
    return new Promise((resolve) => {
      // grpc-js calls back before it emits 'status' (which carries the trailer): settle on 'status'.
      let reply: GrpcReply | undefined;
      if (this.options.authorization !== undefined) metadata.set('authorization', this.options.authorization);
      const call = this.client.makeUnaryRequest<Buffer, Record<string, unknown>>(
        ON_EVENT,
        (b) => b,
        (b) =>
          types.CustomLogicResponse.toObject(types.CustomLogicResponse.decode(b), {
            defaults: false,
            arrays: false,
            objects: false,
          }),
        bytes,
        metadata,
        this.options.deadlineMs === undefined ? {} : { deadline: Date.now() + this.options.deadlineMs },
        (error, response) => {
          reply = error
            ? { ok: false, code: error.code, details: error.details }
            : { ok: true, response: response as Record<string, unknown>, trailer: new grpc.Metadata() };
        },
      );
      call.on('status', (status) => {
        if (reply?.ok) reply.trailer = status.metadata;
        const pushback = status.metadata.get(RETRY_PUSHBACK)[0];
        if (reply?.ok === false && pushback !== undefined) reply.retryPushbackMs = Number(pushback);
        resolve(reply ?? { ok: false, code: status.code, details: status.details });
      });
    });
  }

  close(): void {
    this.client.close();
  }
}
