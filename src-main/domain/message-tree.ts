// A catalog of words by dotted code, as vue-i18n takes it: each dot a level. Shared by the failure
// catalog and the issue texts, so both reach the renderer the same way. Pure.

export type MessageTree = { [key: string]: string | MessageTree };

/** `{ 'a.b': {en, es} }` → `{ a: { b: words } }` in one language. */
export function messageTree<L extends string>(catalog: Record<string, Record<L, string>>, lang: L): MessageTree {
  const tree: MessageTree = {};
  for (const [code, words] of Object.entries(catalog)) {
    const parts = code.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as MessageTree;
    node[parts[parts.length - 1] as string] = words[lang];
  }
  return tree;
}
