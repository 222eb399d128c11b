import type { OperationAction } from '../../contract/types';
import type { CallSession } from './call-session';
import { decideSession, SESSION_DECISION_WORDS } from './decide-session';
import { ACTION_NODES, COMPLETION_EVENT, FLOW_EVENTS, FLOW_NODES, type FlowNode } from './flow-catalog';
import { disableVerification, refuseEnrollment, refuseVerification } from './flow-guards';
import { isEligible, isRunning } from './node-eligibility';
import { computeNodeResult, type NodeResult } from './node-result';

/**
 * Raises `event`, then follows the answer: executes the biometric operations it scheduled, starts the
 * nodes that became eligible (after the answer, so that its node overrides apply to them) and decides the
 * session once every node it waits for is done.
 */
export async function raiseAndFollow(session: CallSession, event: string): Promise<void> {
  const actions = await session.raise(event);
  for (const action of actions) executeAction(session, action);
  startEligibleNodes(session);
  await settleDecision(session);
}

/** Starts every eligible node; Verify only when the person store allows it now, else it is disabled. */
export function startEligibleNodes(session: CallSession): void {
  for (const node of FLOW_NODES) {
    if (!isEligible(session, node)) continue;
    const refused = node === 'Verify' ? refuseVerification(session) : undefined;
    if (refused === undefined) startNode(session, node, false);
    else disableVerification(session, refused);
  }
}

function startNode(session: CallSession, node: FlowNode, scheduled: boolean): void {
  const state = session.nodes[node];
  Object.assign(state, { progress: 'STARTED', scheduled });
  delete state.result;
  session.setFlowState(node, 'STARTED');
  session.note({
    kind: 'node',
    node,
    state: 'STARTED',
    ...(scheduled ? { detail: 'scheduled by the webhook' } : {}),
  });
  // ProcessAudioForEnroll of the built-in flow completes with the audio (tickAudio), not after a delay;
  // when the audio has already ended (or there is none), no tick is coming, so it completes as the others.
  if (node !== 'ProcessAudioForEnroll' || scheduled || session.audioEnded)
    session.after(session.context.timing.processingMs, async () => {
      if (!finishNode(session, node)) return;
      await raiseAndFollow(session, COMPLETION_EVENT[node]);
    });
}

/** Completes a running node (its result into the variables); false when it was disabled meanwhile. */
export function finishNode(session: CallSession, node: FlowNode): boolean {
  const state = session.nodes[node];
  if (!state.enabled && !state.scheduled) {
    session.note({ kind: 'node', node, state: 'CANCELLED', detail: 'disabled while running: no result' });
    return false;
  }
  const subject = { person: session.personId, media: session.media?.id, netSeconds: session.netSeconds };
  state.result = computeNodeResult(
    session.context.scenario,
    node,
    subject,
    session.context.timing.minNetAudio[node],
  );
  state.progress = 'COMPLETED';
  session.setFlowState(node, 'COMPLETED');
  Object.assign(session.variables, state.result.variables);
  recordInPersonStore(session, node, state.result);
  const written = Object.entries(state.result.variables).map(([key, value]) => `${key}=${value}`);
  session.note({
    kind: 'node',
    node,
    state: 'COMPLETED',
    ...(written.length > 0 ? { detail: written.join(', ') } : {}),
  });
  return true;
}

/** What a completed node changes in the person store: enrollment, training, the mismatch count. */
function recordInPersonStore(session: CallSession, node: FlowNode, result: NodeResult): void {
  const { persons, clock } = session.context;
  const personId = session.personId!;
  const status = result.variables['person.enrollStatus'];
  if (node === 'Verify' && result.decision !== undefined)
    persons.recordVerification(personId, result.decision, clock.now());
  else if (status === 'PARTIALLY_ENROLLED' || status === 'TRAINED')
    persons.recordEnrollment(personId, status);
}

function executeAction(session: CallSession, action: OperationAction): void {
  const node = ACTION_NODES[action.action];
  const { parameters } = action;
  const skip = (detail: string) =>
    session.note({ kind: 'action', action: action.action, parameters, executed: false, detail });
  if (node === undefined) return skip('not a biometric operation of the flow: recorded, not executed');
  if (session.personId === undefined) return skip('no person identified yet');
  if (isRunning(session, node)) return skip(`${node} is already running`);
  const refused =
    node === 'Verify'
      ? refuseVerification(session)
      : node === 'Enroll' || node === 'Train'
        ? refuseEnrollment(session)
        : undefined;
  if (refused !== undefined) return skip(refused);
  session.note({ kind: 'action', action: action.action, parameters, executed: true, detail: `runs ${node}` });
  startNode(session, node, true);
}

/**
 * Decides the session once nothing it waits for can still change: verification path, when spoofing,
 * fraudster detection and Verify are each completed or disabled; enrollment path, when the audio has
 * ended and no node is running. Raises SESSION_DECIDED; the decision is final.
 */
async function settleDecision(session: CallSession): Promise<void> {
  if (session.decision !== undefined || session.personId === undefined || session.ended) return;
  if (FLOW_NODES.some((node) => isRunning(session, node))) return;
  const done = (node: FlowNode) =>
    session.nodes[node].progress === 'COMPLETED' || !session.nodes[node].enabled;
  const ready = session.trained
    ? done('AudioSpoofingDetection') && done('FraudsterDetection') && done('Verify')
    : session.audioEnded;
  if (!ready) return;
  const decision = decideSession(session.nodes);
  session.decision = decision;
  session.variables['session.decision'] = SESSION_DECISION_WORDS[decision.decision] ?? 'INCONCLUSIVE';
  session.note({ kind: 'decision', decision: decision.decision, reason: decision.reason ?? null });
  await raiseAndFollow(session, FLOW_EVENTS.sessionDecided);
}

export { isRunning };
