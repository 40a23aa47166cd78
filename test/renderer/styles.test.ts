// The renderer's colours come from the PrimeVue theme (theme.ts) and the roles styles.css names once:
// a hex or rgb() value written into a component's style, an SVG mark or a script would bring back the
// copies that drifted apart before.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../src-renderer/src');
const COLOUR = /#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(path);
    return /\.(vue|css|ts)$/.test(entry.name) ? [path] : [];
  });
}

/** Lines that write a colour: in a style block or a stylesheet, a style/fill/stroke attribute, or a colour string in code. */
function colourLines(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const found: string[] = [];
  let inStyle = path.endsWith('.css');
  text.split('\n').forEach((line, i) => {
    if (/^<style/.test(line)) inStyle = true;
    const attribute = /\b(style|fill|stroke|color)=["'][^"']*(#[0-9a-fA-F]{3,8}\b|rgba?\()/.test(line);
    const codeString = /['"`]#[0-9a-fA-F]{3,8}['"`]/.test(line);
    if ((inStyle && COLOUR.test(line.replace(/\/\*.*?\*\//g, ''))) || attribute || codeString) found.push(`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`);
    if (/^<\/style>/.test(line)) inStyle = false;
  });
  return found;
}

describe("the renderer's colours", () => {
  it("are the theme's tokens everywhere but the theme itself (a shadow's translucent black aside)", () => {
    const written = sources(ROOT)
      .filter((path) => !path.endsWith('theme.ts'))
      .flatMap(colourLines)
      .filter((line) => !/box-shadow: .*rgb\(0 0 0 \/ \d+%\)/.test(line));
    expect(written).toEqual([]);
  });

  it('finds a colour written into a component (the check itself works)', () => {
    expect(COLOUR.test('  border: 1px solid #e2e8f0;')).toBe(true);
    expect(COLOUR.test('  border: 1px solid var(--p-content-border-color);')).toBe(false);
  });
});
