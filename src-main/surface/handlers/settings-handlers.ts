// Settings, and files handed over by the renderer (or named by path by the CLI).
import { MappingFile } from '../../domain/mapping-file';
import { listMappingTemplates, setSetting } from '../../store';
import { endReceiving, receiveFile, receivePart, registerLocalFile, startReceiving } from '../../app/received-files';
import type { HandlersOf } from './handler';
import type { AppContext } from '../app-context-types';
import { readSettings } from '../../app/settings';
import { SurfaceFailure } from '../../app/surface-failure';

/** What these handlers reach of the app context. */
type SettingsContext = Pick<AppContext, 'dataKey' | 'options' | 'policy' | 'store'>;

export const settingsHandlers: HandlersOf<
  'settings:get' | 'settings:set' | 'files:receive' | 'files:receiveStart' | 'files:receivePart' | 'files:receiveEnd' | 'files:open' | 'templates:list',
  SettingsContext
> = {
  async 'templates:list'(ctx) {
    return listMappingTemplates(ctx.store.db).flatMap((t) => {
      const parsed = MappingFile.safeParse(t.mapping);
      return parsed.success ? [{ creditor: t.creditor, headerSignature: t.headerSignature, mapping: parsed.data }] : [];
    });
  },

  async 'settings:get'(ctx) {
    return readSettings(ctx);
  },

  async 'settings:set'(ctx, changes) {
    const { dataDir: _d, dataProtection: _p, lockedByPolicy, ...current } = readSettings(ctx);
    for (const key of lockedByPolicy) {
      // Compared as JSON: contact hours are an object, equal when their hours and days are.
      if (changes[key] !== undefined && JSON.stringify(changes[key]) !== JSON.stringify(current[key])) {
        throw new SurfaceFailure('policy.setting_locked', { setting: key, file: ctx.policy.file ?? '' });
      }
    }
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
    setSetting(ctx.store.db, 'app', next);
    return readSettings(ctx);
  },

  async 'files:receive'(ctx, { name, base64 }) {
    return receiveFile(ctx, name, Buffer.from(base64, 'base64'));
  },

  async 'files:receiveStart'(ctx, { name, bytes }) {
    return startReceiving(ctx, name, bytes);
  },

  async 'files:receivePart'(ctx, { receiveId, offset, base64 }) {
    return receivePart(ctx, receiveId, offset, Buffer.from(base64, 'base64'));
  },

  async 'files:receiveEnd'(ctx, { receiveId }) {
    return endReceiving(ctx, receiveId);
  },

  /** Refused by the surface unless it was created for the CLI. */
  async 'files:open'(ctx, { path }) {
    return registerLocalFile(ctx, path);
  },
};
