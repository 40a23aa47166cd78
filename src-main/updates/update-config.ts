// What the packaged app's app-update.yml (written by electron-builder beside the app) says about
// signatures. Pure text reading: no YAML library, only the one top-level key that matters.

/**
 * Whether app-update.yml names the publisher whose signature a downloaded Windows installer must
 * carry. electron-updater checks the signature only when it does: without it any installer with the
 * right sha512 would do, so CaseDesk does not update such a build at all.
 */
export function namesPublisher(appUpdateYml: string): boolean {
  const lines = appUpdateYml.split(/\r?\n/);
  const at = lines.findIndex((line) => /^publisherName\s*:/.test(line));
  if (at < 0) return false;
  const inline = lines[at]!.replace(/^publisherName\s*:/, '')
    .replace(/\s+#.*$/, '')
    .trim();
  if (inline !== '') return !/^(~|null|\[\s*\]|''|"")$/i.test(inline);
  // A block list: the next lines are its items ("- CN"), each with a name.
  const items = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^\s*-\s*(.*?)\s*$/.exec(line);
    if (!item) break;
    items.push(item[1]!.replace(/^(['"])(.*)\1$/, '$2').trim());
  }
  return items.some((name) => name !== '');
}
