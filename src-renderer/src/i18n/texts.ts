// The renderer's texts: each screen's file in ./messages is one tree whose leaves hold both languages
// side by side, as the main process's catalogs do, so a text missing a language is a type error.
// vue-i18n takes one tree per language: splitTexts makes them. Pure.

/** One text in both languages. */
export interface Words {
  en: string;
  es: string;
}

/** A screen's texts: namespaces down to Words. */
export type Texts = { [key: string]: Words | Texts };

/** One language's texts, as vue-i18n takes them. */
export type Tree = { [key: string]: string | Tree };

/** Texts in the two trees vue-i18n takes, one a language. */
export type TreePair = { en: Tree; es: Tree };

/**
 * A leaf is an object of exactly `en` and `es`, both strings. A namespace's values are objects, so
 * one called `en` or `es` (or both) still reads as a namespace.
 */
function isWords(node: Words | Texts): node is Words {
  const keys = Object.keys(node);
  return keys.length === 2 && typeof node.en === 'string' && typeof node.es === 'string';
}

/** The es and en trees of side-by-side texts, with the same keys in the same order. */
export function splitTexts(texts: Texts, path = ''): TreePair {
  const pair: TreePair = { en: {}, es: {} };
  for (const [key, node] of Object.entries(texts)) {
    // The types rule this out in the message files; a tree built at run time could still be off.
    if (typeof node !== 'object' || node === null || Array.isArray(node)) throw new TypeError(`i18n: ${path}${key} is neither { en, es } nor a namespace`);
    if (isWords(node)) {
      pair.en[key] = node.en;
      pair.es[key] = node.es;
    } else {
      const below = splitTexts(node, `${path}${key}.`);
      pair.en[key] = below.en;
      pair.es[key] = below.es;
    }
  }
  return pair;
}

/** Two one-language trees side by side (splitTexts undone), for catalogs kept elsewhere per language. */
export function joinTexts(pair: TreePair, path = ''): Texts {
  const texts: Texts = {};
  const enKeys = Object.keys(pair.en);
  const esKeys = Object.keys(pair.es);
  const missing = [...enKeys.filter((k) => !Object.hasOwn(pair.es, k)), ...esKeys.filter((k) => !Object.hasOwn(pair.en, k))];
  if (missing.length > 0) throw new TypeError(`i18n: ${missing.map((k) => path + k).join(', ')} not in both languages`);
  for (const key of enKeys) {
    const en = pair.en[key];
    const es = pair.es[key];
    if (typeof en === 'string' && typeof es === 'string') texts[key] = { en, es };
    else if (typeof en === 'object' && typeof es === 'object') texts[key] = joinTexts({ en, es }, `${path}${key}.`);
    else throw new TypeError(`i18n: ${path}${key} is a text in one language and a namespace in the other`);
  }
  return texts;
}
