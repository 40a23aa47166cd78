// The app's updates as the screens see them. Only the packaged desktop app has an updater: the browser
// host and the CLI answer `disabled`, with the reason.
import type { UpdateState } from '../../updates/update-state';
import type { AppContext } from '../app-context-types';
import type { HandlersOf } from './handler';

const NO_UPDATER: UpdateState = { state: 'disabled', reason: 'no-updater' };

export function updateState(ctx: Pick<AppContext, 'updates'>): UpdateState {
  return ctx.updates?.state() ?? NO_UPDATER;
}

/** What these handlers reach of the app context. */
type UpdateContext = Pick<AppContext, 'updates'>;

export const updateHandlers: HandlersOf<'updates:status' | 'updates:restart', UpdateContext> = {
  async 'updates:status'(ctx) {
    return updateState(ctx);
  },

  /** Refusals are outcomes the screen words itself: 'busy' while an upload runs, 'not-ready' without a downloaded update. */
  async 'updates:restart'(ctx) {
    const outcome = ctx.updates?.restartNow() ?? 'not-ready';
    return { outcome, state: updateState(ctx) };
  },
};
