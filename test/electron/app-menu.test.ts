import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from '../../src-main/electron/app-menu';

describe('appMenuTemplate', () => {
  it('leads to the main screens and keeps developer tools out of a build', () => {
    const visited: string[] = [];
    const menu = appMenuTemplate({ isMac: false, isDev: false, go: (r) => visited.push(r), quit: () => undefined });
    const file = menu[0]?.submenu as { label?: string; click?: () => void }[];
    file.find((i) => i.label === 'Preparar un lote…')?.click?.();
    expect(visited).toEqual(['/batches/new']);
    expect(JSON.stringify(menu)).not.toContain('toggleDevTools');
    expect(JSON.stringify(appMenuTemplate({ isMac: true, isDev: true, go: () => undefined, quit: () => undefined }))).toContain('toggleDevTools');
  });
});
