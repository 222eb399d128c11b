import type { Request, Response } from 'express';
import type { ApiResult } from '../api/api-result';
import { runCallEndpoint } from '../api/call';
import { checkPack } from '../api/check-pack';
import { completeInPack } from '../api/complete-at';
import type { ConsoleContext } from '../api/console-context';
import { answerRecentDecisions, noLiveDecisions, streamDecisions } from '../api/decisions-stream';
import { evaluateEvents } from '../api/evaluate-events';
import { listPack } from '../api/list-pack';
import { runPackTests } from '../api/run-pack-tests';
import { listSandboxSessions } from '../api/sandbox-sessions';
import { saveFiles } from '../api/save-files';
import { listTestEvents } from '../api/test-events';

/**
 * An endpoint answering one JSON body, or (`stream`) one that writes its answer as it goes: given the
 * context once, it gives the handler of every request, or the one answer every request gets.
 */
export type ConsoleEndpoint =
  | {
      method: 'GET' | 'POST';
      run(body: Record<string, unknown>, context: ConsoleContext): Promise<ApiResult>;
    }
  | { method: 'GET'; stream(context: ConsoleContext): ((req: Request, res: Response) => void) | ApiResult };

/** The endpoints of the JSON API by path under /console/api (docs/console.md, "JSON API"). */
export const CONSOLE_ENDPOINTS: Record<string, ConsoleEndpoint> = {
  pack: { method: 'GET', run: (_body, context) => listPack(context) },
  check: { method: 'POST', run: checkPack },
  complete: { method: 'POST', run: completeInPack },
  evaluate: { method: 'POST', run: evaluateEvents },
  test: { method: 'POST', run: runPackTests },
  save: { method: 'POST', run: saveFiles },
  call: { method: 'POST', run: runCallEndpoint },
  'sandbox-sessions': { method: 'POST', run: listSandboxSessions },
  'test-events': { method: 'POST', run: listTestEvents },
  decisions: {
    method: 'GET',
    stream: (context) =>
      context.decisions === undefined ? noLiveDecisions() : streamDecisions(context.decisions),
  },
  'decisions/recent': { method: 'GET', run: (_body, context) => answerRecentDecisions(context) },
};
