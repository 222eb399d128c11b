import type { GrpcHostOptions } from '../hosts/grpc/server';
import { startHttpHost, type HttpHostOptions } from '../hosts/http/server';
import type { RunningHost } from '../hosts/running-host';
import type { WebhookCore } from '../hosts/core';

export interface ServeHosts {
  http?: RunningHost;
  grpc?: RunningHost;
}

/** What `serve` starts: each host with its own port and limits, both with the settings they share. */
export interface ServeHostSettings {
  http: Omit<HttpHostOptions, 'logger'> | undefined;
  grpc: Omit<GrpcHostOptions, 'logger'> | undefined;
}

/**
 * Starts the hosts `settings` asks for around one core. If one cannot listen, those already started are
 * closed and the error is thrown: `serve` reports it and exits.
 */
export async function startServeHosts(
  core: WebhookCore,
  settings: ServeHostSettings,
  logger: HttpHostOptions['logger'],
): Promise<ServeHosts> {
  const hosts: ServeHosts = {};
  try {
    if (settings.http !== undefined) hosts.http = await startHttpHost(core, { ...settings.http, logger });
    if (settings.grpc !== undefined) {
      // Loaded only when served: a process with --no-grpc does not carry grpc-js and protobufjs.
      const { startGrpcHost } = await import('../hosts/grpc/server');
      hosts.grpc = await startGrpcHost(core, { ...settings.grpc, logger });
    }
  } catch (error) {
    await closeServeHosts(hosts);
    throw error;
  }
  return hosts;
}

/** Stops accepting and resolves once every in-flight request of every host is answered. */
export async function closeServeHosts(hosts: ServeHosts): Promise<void> {
  await Promise.all(Object.values(hosts).map((host: RunningHost) => host.close()));
}
