import { isMap, isScalar, parseDocument } from 'yaml';
import type { CatalogEntry } from './catalog-entries';

/**
 * The named conditions and lists of a rule file, from its text as it is now
 * (half-typed included: the YAML parser keeps the mappings it could read). A
 * name's description is its comment on the line above, as the shipped packs
 * write them.
 */
export function readOwnNames(text: string): { conditions: CatalogEntry[]; lists: CatalogEntry[] } {
  const root = parseDocument(text).contents;
  if (!isMap(root)) return { conditions: [], lists: [] };
  const namesOf = (section: string): CatalogEntry[] => {
    const node = root.get(section, true);
    if (!isMap(node)) return [];
    return node.items.flatMap((pair) => {
      if (!isScalar(pair.key) || pair.key.value === null) return [];
      const description = pair.key.commentBefore?.trim();
      return [{ name: String(pair.key.value), ...(description ? { description } : {}) }];
    });
  };
  return { conditions: namesOf('conditions'), lists: namesOf('lists') };
}
