import * as grpc from '@grpc/grpc-js';
import { FIRED_RULES_TRAILER } from '../../contract/fired-rules';
import { ON_EVENT_PATH, WEBHOOK_SERVICE } from '../../contract/proto-files';
import type { SessionVariables } from '../../contract/types';
import { decodeResponseBinary } from '../../contract/decode-response-binary';
import { encodeEventBinary } from '../../contract/encode-event-binary';
import { WebhookCallError, type WebhookFailureKind } from '../../simulation/webhook-failure';
import { listReflectedServices } from './list-reflected-services';
import type { TargetAccess } from './target-access';
import type { TargetClient, TargetReply } from './target-client';

export interface GrpcTargetOptions {
  /** `host:port`. */
  address: string;
  timeoutMs: number;
  /** TLS (`grpcs://`). */
  tls: boolean;
  access: TargetAccess;
}

/** The details grpc-js gives a response it could not decode (INTERNAL: not the server's status). */
const UNDECODABLE = 'Response message parsing error';
/** The details grpc-js gives UNAVAILABLE when no connection could be made (not one lost during the call). */
const NOT_CONNECTED = 'No connection established';

/**
 * A failed call's status as a WebhookCallError: UNAVAILABLE a connection that could not be made, or one lost
 * during the call; DEADLINE_EXCEEDED the time limit; a response grpc-js could not decode a bad answer; any
 * other status the webhook's own answer.
 */
function toCallError(code: grpc.status, details: string): WebhookCallError {
  const kind: WebhookFailureKind =
    code === grpc.status.UNAVAILABLE
      ? details.startsWith(NOT_CONNECTED)
        ? 'connect'
        : 'transport'
      : code === grpc.status.DEADLINE_EXCEEDED
        ? 'timeout'
        : code === grpc.status.INTERNAL && details.startsWith(UNDECODABLE)
          ? 'bad_answer'
          : 'status';
  return new WebhookCallError(kind, `gRPC ${grpc.status[code] ?? code}: ${details}`);
}

/** `vendor.biosec.v1.CustomBusinessLogic/OnEvent` with the binary codec, as the engine calls it. */
export class GrpcTargetClient implements TargetClient {
  private readonly client: grpc.Client;

  constructor(private readonly options: GrpcTargetOptions) {
    const { ca, cert, key } = options.access;
    const credentials = options.tls
      ? grpc.credentials.createSsl(ca ?? null, key ?? null, cert ?? null)
      : grpc.credentials.createInsecure();
    this.client = new grpc.Client(options.address, credentials);
  }

  /** The metadata of every call: `authorization` when a token is given. */
  private metadata(): grpc.Metadata {
    const metadata = new grpc.Metadata();
    const { authorization } = this.options.access;
    if (authorization !== undefined) metadata.set('authorization', authorization);
    return metadata;
  }

  send(variables: SessionVariables): Promise<TargetReply> {
    return new Promise((resolve, reject) => {
      // The callback comes before the 'status' event, which carries the trailing metadata: settle on 'status'.
      let reply: TargetReply | undefined;
      let failure: Error | undefined;
      const call = this.client.makeUnaryRequest(
        ON_EVENT_PATH,
        encodeEventBinary,
        decodeResponseBinary,
        variables,
        this.metadata(),
        { deadline: Date.now() + this.options.timeoutMs },
        (error, response) => {
          if (error) failure = toCallError(error.code, error.details);
          else if (response !== undefined) reply = { response, firedHeader: undefined };
        },
      );
      call.on('status', (status) => {
        if (reply === undefined) {
          reject(failure ?? toCallError(status.code, status.details));
          return;
        }
        const fired = status.metadata.get(FIRED_RULES_TRAILER);
        if (fired.length > 0) reply.firedHeader = fired.map(String).join(',');
        resolve(reply);
      });
    });
  }

  /** rulehook serve answers gRPC server reflection with the webhook service. */
  async probe(): Promise<boolean> {
    try {
      const services = await listReflectedServices(this.client, this.options.timeoutMs, this.metadata());
      return services.includes(WEBHOOK_SERVICE);
    } catch {
      return false;
    }
  }

  close(): void {
    this.client.close();
  }
}
