import { createEmptyResponse, type CustomLogicResponse } from '../contract';
import { hashValue } from './hash-values';
import { createLogMask, MIN_SEARCHED_VALUE_CHARS } from './log-mask';

const mask = createLogMask(['*.ani', 'sip.from', '*phone*'], 'k');
const h = (value: string) => hashValue('k', value);
const event = { 'CALL.ANI': '+33612345678', 'SIP.From': 'sip:+33612345678@x', 'call.dnis': '+3315555' };

describe('createLogMask', () => {
  it('masks variables by name in any case, leaving the others and the event as they were', () => {
    expect(mask.maskVariables(event)).toEqual({
      'CALL.ANI': h('+33612345678'),
      'SIP.From': h('sip:+33612345678@x'),
      'call.dnis': '+3315555',
    });
    expect(event['CALL.ANI']).toBe('+33612345678');
  });

  it('replaces personal values in parameters, updates and filter values; hashes personal updates whole', () => {
    const response: CustomLogicResponse = {
      ...createEmptyResponse(),
      actions_to_perform: [
        {
          action: 'Notify',
          parameters: { message: 'ani +33612345678 via sip:+33612345678@x', line: '+3315555' },
        },
      ],
      session_variable_updates: [
        { key: 'custom.note', value: 'call back +33612345678 or 0700112233' },
        { key: 'Caller.Phone', value: '0700112233' },
      ],
      event_filter: {
        keys_to_ignore: ['audio.*'],
        events_to_ignore: [],
        values_to_ignore: { 'call.ani': 'x', 'custom.tag': 'vip +33612345678' },
      },
    };
    const before = structuredClone(response);
    expect(mask.maskDecision(event, response).response).toEqual({
      ...response,
      actions_to_perform: [
        {
          action: 'Notify',
          parameters: {
            message: `ani ${h('+33612345678')} via ${h('sip:+33612345678@x')}`,
            line: '+3315555',
          },
        },
      ],
      session_variable_updates: [
        // A personal update's value is searched for too: a rule may have copied an unmasked variable there.
        { key: 'custom.note', value: `call back ${h('+33612345678')} or ${h('0700112233')}` },
        { key: 'Caller.Phone', value: h('0700112233') },
      ],
      event_filter: {
        keys_to_ignore: ['audio.*'],
        events_to_ignore: [],
        values_to_ignore: { 'call.ani': h('x'), 'custom.tag': `vip ${h('+33612345678')}` },
      },
    });
    expect(response).toEqual(before);
  });

  it(`searches only for values of at least ${MIN_SEARCHED_VALUE_CHARS} characters`, () => {
    const response: CustomLogicResponse = {
      ...createEmptyResponse(),
      actions_to_perform: [{ action: 'Notify', parameters: { a: 'code 123 and 1234' } }],
    };
    const { response: masked } = mask.maskDecision({ 'a.ani': '123', 'b.ani': '1234' }, response);
    expect(masked.actions_to_perform[0]!.parameters.a).toBe(`code 123 and ${h('1234')}`);
  });

  it('masks the variables of a decision as maskVariables does, and returns what holds nothing to mask as it is', () => {
    const response = createEmptyResponse();
    const masked = mask.maskDecision(event, response);
    expect(masked.variables).toEqual(mask.maskVariables(event));
    expect(masked.response).toBe(response);
    const plain = { 'call.dnis': '+3315555' };
    expect(mask.maskDecision(plain, response).variables).toBe(plain);
  });
});
