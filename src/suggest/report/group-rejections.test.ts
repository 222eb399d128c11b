import { groupRejections } from './group-rejections';

describe('groupRejections', () => {
  it('lists entries refused for the same reason once, and keeps the others as they are, in first-seen order', () => {
    const wait = (entry: string) =>
      `rule a/b waits for X: an event changing only ${entry} would no longer reach it`;
    expect(
      groupRejections([
        { list: 'keys_to_ignore', entry: 'audio.*', reason: wait('audio.*'), rules: ['a/b'] },
        { list: 'keys_to_ignore', entry: 'call.*', reason: 'rule a/c reads call.ani', rules: ['a/c'] },
        { list: 'keys_to_ignore', entry: 'vad.*', reason: wait('vad.*'), rules: ['a/b'] },
        { list: 'events_to_ignore', entry: 'vad.*', reason: wait('vad.*'), rules: ['a/b'] },
      ]),
    ).toEqual([
      {
        list: 'keys_to_ignore',
        entries: ['audio.*', 'vad.*'],
        reason:
          'rule a/b waits for X: an event changing only what one of these entries matches would no longer reach it',
      },
      { list: 'keys_to_ignore', entries: ['call.*'], reason: 'rule a/c reads call.ani' },
      { list: 'events_to_ignore', entries: ['vad.*'], reason: wait('vad.*') },
    ]);
  });
});
