import { WebhookCallError } from '../../simulation/webhook-failure';
import { classifySocketError } from './classify-socket-error';

const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('classifySocketError', () => {
  it.each([
    ['ECONNREFUSED', 'connect'],
    ['ENOTFOUND', 'connect'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'connect'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'connect'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'connect'],
    ['ECONNRESET', 'transport'],
    ['EPIPE', 'transport'],
  ])('calls %s %s, keeping the message', (code, kind) => {
    const classified = classifySocketError(withCode(code, `failed: ${code}`));
    expect(classified).toBeInstanceOf(WebhookCallError);
    expect({ kind: classified.kind, message: classified.message }).toEqual({
      kind,
      message: `failed: ${code}`,
    });
  });

  it('calls an error without a code transport, and keeps a WebhookCallError as it is', () => {
    expect(classifySocketError(new Error('socket hang up')).kind).toBe('transport');
    const timeout = new WebhookCallError('timeout', 'no answer within 5 ms');
    expect(classifySocketError(timeout)).toBe(timeout);
  });
});
