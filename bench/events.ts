/**
 * Events as the session engine sends them: a flat map of string variables.
 * The rule generator (rule-sets.ts) reads STRING_FACTS and NUMBER_FACTS to write
 * conditions whose truth on these events it knows in advance.
 */

/** `EVENT_0` … `EVENT_99`: the event names of the rules-index suite. */
export const EVENT_NAMES: readonly string[] = Array.from({ length: 100 }, (_, i) => `EVENT_${i}`);

/** String variables conditions test with equals/in: the value every event carries, and other values. */
export const STRING_FACTS: Readonly<Record<string, { value: string; others: readonly string[] }>> = {
  'custom.tier': { value: 'gold', others: ['silver', 'bronze', 'platinum'] },
  'custom.line': { value: 'premium', others: ['standard', 'basic'] },
  'custom.region': { value: 'emea', others: ['amer', 'apac'] },
  'verify.decision': { value: 'MISMATCH', others: ['MATCH', 'UNCERTAIN', 'ERROR'] },
  'spoof.decision': { value: 'GENUINE', others: ['SPOOF', 'UNKNOWN'] },
  'enroll.status': { value: 'NOT_ENROLLED', others: ['ENROLLED', 'PARTIAL'] },
  'caller.country': { value: 'GB', others: ['US', 'FR', 'DE'] },
  'call.channel': { value: 'pstn', others: ['sip', 'webrtc'] },
};

/** Numeric variables conditions test with lt/gt, with the value every event carries. */
export const NUMBER_FACTS: Readonly<Record<string, number>> = {
  'verify.score': 0.27,
  'verify.attempts': 2,
  'risk.score': 42,
  'spoof.score': 0.08,
  'call.durationSec': 93,
  'audio.netSpeechSec': 14.2,
  'audio.snrDb': 21.5,
};

/** The rest of a realistic event: identifiers, configuration, flow state. */
const OTHER_VARIABLES: Readonly<Record<string, string>> = {
  'state.previousEvent': 'AUDIO_RECEIVED',
  'state.nodeName': 'VerifyNode',
  'state.flowName': 'default-voice-flow',
  'state.eventIndex': '17',
  'state.startedAt': '2024-05-14T09:31:07.412Z',
  'verify.threshold': '0.6',
  'verify.modelVersion': 'vb-7.4.1',
  'enroll.optIn': 'true',
  'enroll.netSpeechSec': '11.5',
  'person.id': 'P-0012345',
  'person.externalId': 'CRM-88412093',
  'caller.ani': '+442071234567',
  'caller.dnis': '+448001112222',
  'caller.carrier': 'BT',
  'call.id': 'c0a8012e-5f2b-4d1a-9a61-3b8f0e2d7c44',
  'call.queue': 'cards',
  'call.agentId': 'A-3391',
  'audio.codec': 'g711u',
  'audio.sampleRate': '8000',
  'risk.reason': 'NONE',
  'fraud.watchlistHit': 'false',
  'custom.language': 'en-GB',
  'custom.brand': 'northbank',
  'config.tenant': 'northbank-uk',
};

/** A realistic event of about 40 variables named `eventName`. */
export function realisticVariables(eventName: string, sessionNumber = 1): Record<string, string> {
  const variables: Record<string, string> = {
    'state.currentEvent': eventName,
    'state.sessionId': `s-${String(sessionNumber).padStart(8, '0')}`,
  };
  for (const [key, fact] of Object.entries(STRING_FACTS)) variables[key] = fact.value;
  for (const [key, value] of Object.entries(NUMBER_FACTS)) variables[key] = String(value);
  return Object.assign(variables, OTHER_VARIABLES);
}

/** The realistic event padded with `custom.fieldNNNN` variables up to `count` variables in all. */
export function wideVariables(eventName: string, count: number): Record<string, string> {
  const variables = realisticVariables(eventName);
  for (let i = 0; Object.keys(variables).length < count; i++) {
    variables[`custom.field${String(i).padStart(4, '0')}`] = `value-${i}-${'x'.repeat(i % 24)}`;
  }
  return variables;
}
