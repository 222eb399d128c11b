import { findCardWords, passesLuhn } from './find-card-numbers';

const words = (text: string) => text.split(' ');

describe('passesLuhn', () => {
  it('accepts valid check digits only', () => {
    expect(['4111111111111111', '5555555555554444', '378282246310005'].map(passesLuhn)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['4111111111111112', ''].map(passesLuhn)).toEqual([false, false]);
  });
});

describe('findCardWords', () => {
  it('finds written numbers, in one word or in groups', () => {
    expect([...findCardWords(words('card 4111111111111111 ok'))]).toEqual([1]);
    expect([...findCardWords(words('is 4111 1111 1111 1111. thanks'))]).toEqual([1, 2, 3, 4]);
    expect([...findCardWords(words('is 4111-1111-1111-1111'))]).toEqual([1]);
  });

  it('finds spoken digits, and mixes of both', () => {
    const spoken = 'five five five five 5555 5555 four four four four';
    expect([...findCardWords(words(spoken))]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('leaves numbers that fail the Luhn check, or are too short, alone', () => {
    expect(findCardWords(words('4111 1111 1111 1112')).size).toBe(0);
    expect(findCardWords(words('pin one two three four')).size).toBe(0);
  });

  it('does not take surrounding digits into a card number', () => {
    expect([...findCardWords(words('room 12 card 4111 1111 1111 1111 pin 7'))]).toEqual([3, 4, 5, 6]);
  });
});
