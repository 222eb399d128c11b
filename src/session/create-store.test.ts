import { checkStateSetting } from './create-store';
import { redactUrl } from './redact-url';

describe('Redis URLs in messages', () => {
  it.each([
    ['redis://host:6379/0', 'redis://host:6379/0'],
    ['redis://:pw@host:6379/0', 'redis://***@host:6379/0'],
    ['redis://user:p@ss/w0rd@host/0', 'redis://***@host/0'],
    ['rediss://u:secret@10.0.0.1:6380', 'rediss://***@10.0.0.1:6380'],
  ])('%s is shown as %s', (url, shown) => expect(redactUrl(url)).toBe(shown));

  it('never shows a password in a --state error', () => {
    expect(checkStateSetting('http://u:topsecret@host')).not.toContain('topsecret');
    expect(checkStateSetting('redis://u:topsecret@[bad')).not.toContain('topsecret');
  });
});
