import { HTTP_EVENT_PATH } from '../../contract/proto-files';

/**
 * A live webhook to replay against: `http://HOST:PORT[/path]`, `https://...`, `grpc://HOST:PORT` or
 * `grpcs://HOST:PORT` (gRPC over TLS); `tls` for https:// and grpcs://.
 */
export type TargetUrl =
  | { protocol: 'http'; tls: boolean; hostname: string; port: number; path: string; text: string }
  | { protocol: 'grpc'; tls: boolean; address: string; text: string };

const EXPECTED = 'http://HOST:PORT, https://HOST:PORT, grpc://HOST:PORT or grpcs://HOST:PORT';

/** Parses `--target`; returns a message for the user when it is not a usable URL. */
export function parseTargetUrl(text: string): TargetUrl | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `--target expects ${EXPECTED}, got ${JSON.stringify(text)}`;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '')
    return `--target takes no user, query or fragment: ${JSON.stringify(text)}`;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const tls = url.protocol === 'https:';
    const path = url.pathname === '' || url.pathname === '/' ? HTTP_EVENT_PATH : url.pathname;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = url.port === '' ? (tls ? 443 : 80) : Number(url.port);
    return { protocol: 'http', tls, hostname, port, path, text };
  }
  if (url.protocol === 'grpc:' || url.protocol === 'grpcs:') {
    const scheme = url.protocol.slice(0, -1);
    if (url.port === '')
      return `--target ${scheme}:// needs a port: ${scheme}://HOST:PORT, got ${JSON.stringify(text)}`;
    if (url.pathname !== '' && url.pathname !== '/')
      return `--target ${scheme}:// takes no path: ${JSON.stringify(text)}`;
    return { protocol: 'grpc', tls: scheme === 'grpcs', address: url.host, text };
  }
  return `--target expects ${EXPECTED}, got ${JSON.stringify(url.protocol.slice(0, -1))}`;
}
