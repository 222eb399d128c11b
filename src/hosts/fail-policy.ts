import { createEmptyResponse, type CustomLogicResponse } from '../contract/types';

/** result_code sent by the `closed` fail policy: still an answer, never a hang. */
export const RESULT_CODE_INTERNAL_ERROR = 500;

/**
 * What an event gets when its processing fails (a throw, or evaluation past
 * its budget): `open` answers result_code 200 with no instruction, so the call
 * goes on as it would without a webhook; `closed` answers result_code 500.
 */
export type FailPolicy = 'open' | 'closed';

/** The answer to an event whose processing failed: empty, with the result_code of the policy. */
export function answerByFailPolicy(policy: FailPolicy): CustomLogicResponse {
  const response = createEmptyResponse();
  if (policy === 'closed') response.result_code = RESULT_CODE_INTERNAL_ERROR;
  return response;
}
