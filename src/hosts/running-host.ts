/** A host that is listening. */
export interface RunningHost {
  /** Bound address and actual port (a requested port 0 is resolved here). */
  host: string;
  port: number;
  /** Whether it serves over TLS (HTTPS, gRPC with TLS). */
  tls?: boolean;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

/** `host:port`, with an IPv6 host in brackets (`[::1]:8080`): how addresses are bound and printed. */
export function formatHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The lines `serve` prints once it listens, for one process or for the workers' primary. */
export function describeListening(hosts: {
  http?: { host: string; port: number; tls?: boolean | undefined } | undefined;
  grpc?: { host: string; port: number; tls?: boolean | undefined } | undefined;
}): string {
  let text = '';
  if (hosts.http) {
    const scheme = hosts.http.tls === true ? 'https' : 'http';
    text += `rulehook: HTTP listening on ${scheme}://${formatHostPort(hosts.http.host, hosts.http.port)}\n`;
  }
  if (hosts.grpc) {
    const tls = hosts.grpc.tls === true ? ' (TLS)' : '';
    text += `rulehook: gRPC listening on ${formatHostPort(hosts.grpc.host, hosts.grpc.port)}${tls}\n`;
  }
  return text;
}
