import type { ApiResult } from '../api/api-result';
import type { ConsoleContext } from '../api/console-context';
import { checkPack } from '../api/check-pack';
import { completeInPack } from '../api/complete-at';
import { evaluateEvents } from '../api/evaluate-events';
import { listPack } from '../api/list-pack';
import { runPackTests } from '../api/run-pack-tests';
import { saveFiles } from '../api/save-files';

export interface ConsoleEndpoint {
  method: 'GET' | 'POST';
  run(body: Record<string, unknown>, context: ConsoleContext): Promise<ApiResult>;
}

/** The endpoints of the JSON API by path under /console/api (docs/console.md, "JSON API"). */
export const CONSOLE_ENDPOINTS: Record<string, ConsoleEndpoint> = {
  pack: { method: 'GET', run: (_body, context) => listPack(context) },
  check: { method: 'POST', run: checkPack },
  complete: { method: 'POST', run: completeInPack },
  evaluate: { method: 'POST', run: evaluateEvents },
  test: { method: 'POST', run: runPackTests },
  save: { method: 'POST', run: saveFiles },
};
