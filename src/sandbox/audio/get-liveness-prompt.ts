import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { validateRequest } from '../wire/field-violations';
import { OK_STATUS, StatusFailure } from '../wire/status';
import type { JsonMessage } from '../wire/proto-json';
import { checkContext } from './read-request';

/**
 * GetLivenessPrompt: the scenario's prompts in turn, from the first, starting
 * over after the last: "semi-random" for a caller, predictable for a test.
 * Each call of the returned function is one request.
 */
export function createLivenessPrompter(scenario: SandboxScenario): (request: JsonMessage) => JsonMessage {
  let next = 0;
  return (request) => {
    validateRequest((violations) => checkContext(violations, request));
    const prompts = scenario.livenessPrompts;
    if (prompts.length === 0)
      throw new StatusFailure(
        'NOT_FOUND',
        'no liveness prompt is configured (liveness_prompts of the scenario)',
      );
    const prompt = prompts[next % prompts.length]!;
    next += 1;
    return { status: OK_STATUS, expected_text: prompt.text, ivr_info: prompt.ivr_info ?? '' };
  };
}
