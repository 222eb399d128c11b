/**
 * A call session as the engine keeps it, over real HTTP: every variable the
 * webhook sets is kept and sent back with every later event (rulehook's own
 * `rulehook.*` variables included), and later events are raised on top.
 */
export interface Reply {
  status: number;
  fired: string | null;
  body: {
    result_code?: number;
    session_variable_updates?: { key: string; value: string }[];
    event_filter?: { keys_to_ignore?: string[]; events_to_ignore?: string[] };
    error?: { code: string; message: string };
  };
}

export async function postEvent(port: number | undefined, variables: Record<string, string>): Promise<Reply> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_variables: variables }),
  });
  return {
    status: res.status,
    fired: res.headers.get('rulehook-fired'),
    body: (await res.json()) as Reply['body'],
  };
}

export class EngineSession {
  readonly kept: Record<string, string>;

  constructor(initial: Record<string, string>) {
    this.kept = { ...initial };
  }

  /** Raises one event to the webhook on `port` and keeps what it set. */
  async raise(port: number | undefined, variables: Record<string, string>): Promise<Reply> {
    Object.assign(this.kept, variables);
    const reply = await postEvent(port, this.kept);
    for (const { key, value } of reply.body.session_variable_updates ?? []) this.kept[key] = value;
    return reply;
  }
}
