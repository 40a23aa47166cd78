// Lays a build out as electron-builder does, without Electron: the `files` of electron-builder.yml in
// resources/app.asar (packed with @electron/asar, as electron-builder does), those its `asarUnpack`
// names copied beside it into app.asar.unpacked. Of node_modules, only the production packages the
// unpack rules name are laid out (plain Node cannot read the archive, so the rest would prove nothing).
import { createPackageFromStreams, type AsarStreamType } from '@electron/asar';
import { createReadStream, existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The top-level lists of electron-builder.yml that hold single-quoted or bare patterns (a YAML subset, enough for this file). */
export function builderList(yml: string, key: 'files' | 'asarUnpack'): string[] {
  const lines = yml.split('\n');
  const start = lines.indexOf(`${key}:`);
  if (start < 0) throw new Error(`electron-builder.yml has no ${key}`);
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*#/.test(line)) continue;
    const item = /^\s+- (.+)$/.exec(line);
    if (!item) break;
    items.push(item[1]!.trim().replace(/^'(.*)'$/, '$1'));
  }
  return items;
}

/** A glob as electron-builder's patterns use it: `**` any folders, `*` within one name. */
export function globRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('/**', i) && i + 3 === glob.length) {
      source += '(?:/.*)?';
      i += 2;
    } else if (glob[i] === '*') source += '[^/]*';
    else source += glob[i]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function matcher(patterns: string[]): (path: string) => boolean {
  const include = patterns.filter((p) => !p.startsWith('!')).map(globRegExp);
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => globRegExp(p.slice(1)));
  return (path) => include.some((re) => re.test(path)) && !exclude.some((re) => re.test(path));
}

function walk(dir: string, base: string, into: Map<string, string>): void {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const stat = lstatSync(full);
    if (stat.isDirectory()) walk(full, base, into);
    else if (stat.isFile()) into.set(relative(base, full).split(sep).join('/'), full);
  }
}

/** The production dependencies' folders (package.json's dependencies and theirs), by their path in the app. */
function productionPackages(project: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    // Node's resolution: the nearest node_modules up from the package that depends on it.
    for (let dir = from; ; dir = join(dir, '..')) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) {
        const key = relative(project, candidate).split(sep).join('/');
        if (found.has(key)) return;
        found.set(key, candidate);
        const pkg = JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
        for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, candidate);
        return;
      }
      if (dir === project || dir === join(dir, '..')) return;
    }
  };
  const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of Object.keys(pkg.dependencies)) visit(dep, project);
  return found;
}

/**
 * Packs `project` (its sources: resources, package.json, node_modules) with `build` (an electron-vite
 * output folder holding main/, preload/, renderer/) as the app's out/, into `resources`/app.asar.
 */
export async function packApp(opts: { project: string; build: string; resources: string }): Promise<{ archive: string; files: string[] }> {
  const yml = readFileSync(join(opts.project, 'electron-builder.yml'), 'utf8');
  const included = matcher(builderList(yml, 'files'));
  const unpacked = matcher(builderList(yml, 'asarUnpack'));
  const candidates = new Map<string, string>();
  walk(opts.build, join(opts.build, '..'), candidates);
  walk(join(opts.project, 'resources'), opts.project, candidates);
  candidates.set('package.json', join(opts.project, 'package.json'));
  const files = new Map([...candidates].filter(([path]) => included(path)));
  for (const [path, dir] of productionPackages(opts.project)) {
    if (!unpacked(`${path}/package.json`)) continue;
    const inside = new Map<string, string>();
    walk(dir, dir, inside);
    for (const [rel, full] of inside) files.set(`${path}/${rel}`, full);
  }
  const streams: AsarStreamType[] = [];
  const dirs = new Set<string>();
  for (const path of [...files.keys()].sort()) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (dirs.has(dir)) continue;
      dirs.add(dir);
      streams.push({ type: 'directory', path: dir, unpacked: unpacked(`${dir}/`) });
    }
    const full = files.get(path)!;
    const stat = lstatSync(full);
    streams.push({
      type: 'file',
      path,
      unpacked: unpacked(path),
      stat: { mode: stat.mode, size: stat.size },
      streamGenerator: () => createReadStream(full),
    });
  }
  const archive = join(opts.resources, 'app.asar');
  const out = await createPackageFromStreams(archive, streams);
  await new Promise<void>((resolve, reject) => {
    if (out.closed) return resolve();
    out.once('close', () => resolve()).once('error', reject);
  });
  return { archive, files: [...files.keys()] };
}
