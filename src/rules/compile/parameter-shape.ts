/**
 * An operation's parameter keys in written order, each with '': copied per
 * event (`{ ...shape }`) and filled in, instead of growing an empty object key
 * by key. Own data properties even for a key named `__proto__` (an assignment
 * would set the prototype); the copy keeps them own, so filling them in is a
 * plain write.
 */
export function parameterShape(keys: readonly string[]): Readonly<Record<string, string>> {
  const shape: Record<string, string> = {};
  for (const key of keys)
    Object.defineProperty(shape, key, { value: '', writable: true, enumerable: true, configurable: true });
  return shape;
}
