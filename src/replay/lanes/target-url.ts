import { HTTP_EVENT_PATH } from '../../contract';

/** A live webhook to replay against: `http://HOST:PORT[/path]` or `grpc://HOST:PORT`. */
export type TargetUrl =
  | { protocol: 'http'; hostname: string; port: number; path: string; text: string }
  | { protocol: 'grpc'; address: string; text: string };

/** Parses `--target`; returns a message for the user when it is not a usable URL. */
export function parseTargetUrl(text: string): TargetUrl | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `--target expects http://HOST:PORT or grpc://HOST:PORT, got ${JSON.stringify(text)}`;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '')
    return `--target takes no user, query or fragment: ${JSON.stringify(text)}`;
  if (url.protocol === 'http:') {
    const path = url.pathname === '' || url.pathname === '/' ? HTTP_EVENT_PATH : url.pathname;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    return { protocol: 'http', hostname, port: url.port === '' ? 80 : Number(url.port), path, text };
  }
  if (url.protocol === 'grpc:') {
    if (url.port === '')
      return `--target grpc:// needs a port: grpc://HOST:PORT, got ${JSON.stringify(text)}`;
    if (url.pathname !== '' && url.pathname !== '/')
      return `--target grpc:// takes no path: ${JSON.stringify(text)}`;
    return { protocol: 'grpc', address: url.host, text };
  }
  return `--target expects http:// or grpc://, got ${JSON.stringify(url.protocol.slice(0, -1))}`;
}
