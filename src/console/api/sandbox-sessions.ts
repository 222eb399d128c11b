import { failWith, type ApiResult } from './api-result';
import { fetchFromSandbox, readSandboxBase } from './sandbox-url';

/**
 * `POST /console/api/sandbox-sessions` `{url}`: the sessions a running `rulehook sandbox` holds, each as its
 * `GET /v1/sandbox/sessions` lists it (call_session_id, call_id, person_id, state, decision, ...), for the
 * page to pick a sandbox call from; only a sandbox on a loopback address, as the `call` endpoint's sandbox
 * source.
 */
export async function listSandboxSessions(body: Record<string, unknown>): Promise<ApiResult> {
  const sandbox = readSandboxBase(body.url);
  if (!sandbox.ok) return sandbox.result;
  const fetched = await fetchFromSandbox(sandbox.base, 'v1/sandbox/sessions');
  if (!fetched.ok) return fetched.result;
  const { response } = fetched;
  if (!response.ok) return failWith(502, 'SANDBOX_FAILED', `the sandbox answered ${response.status}`);
  const answer = (await response.json().catch(() => undefined)) as { sessions?: unknown } | undefined;
  if (!Array.isArray(answer?.sessions))
    return failWith(502, 'SANDBOX_FAILED', 'the sandbox answered no list of sessions');
  return { status: 200, body: { sessions: answer.sessions } };
}
