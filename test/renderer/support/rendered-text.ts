// What a person reads of a component rendered to HTML (vue/server-renderer): tags and comments left
// out, spaces made one.
export const renderedText = (html: string): string =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
