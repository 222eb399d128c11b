/**
 * A share link carries the open file's edited text and the event text in the URL's fragment, which browsers
 * never send to the server: `#share=` then base64url of the UTF-8 JSON `{file, text, event}`. Opening the
 * link restores both over the pack as it is on disk.
 */
export interface SharedState {
  file: string;
  text: string;
  event: string;
}

const PREFIX = '#share=';

export function encodeShareLink(state: SharedState, location: Location = window.location): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64url = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${location.origin}${location.pathname}${location.search}${PREFIX}${base64url}`;
}

/** The state of a `#share=` fragment; undefined when there is none or it is damaged. */
export function decodeShareLink(hash: string): SharedState | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    const base64 = hash.slice(PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<SharedState>;
    if (typeof value.file !== 'string' || typeof value.text !== 'string') return undefined;
    return { file: value.file, text: value.text, event: typeof value.event === 'string' ? value.event : '' };
  } catch {
    return undefined;
  }
}
