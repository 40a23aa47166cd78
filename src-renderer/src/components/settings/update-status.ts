// The updater's state in the agent's words, for the Settings card.
import type { UpdateState } from '../../../../src-main/surface/procedures';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface UpdateView {
  severity: 'success' | 'info' | 'warn' | 'error' | 'secondary';
  text: string;
  /** A second line: what happens next. */
  note: string | null;
  /** 0–100 while downloading. */
  percent: number | null;
  /** A downloaded update can be installed now. */
  canRestart: boolean;
}

export function describeUpdate(state: UpdateState, t: Translate, formatDateTime: (iso: string) => string): UpdateView {
  const view = (severity: UpdateView['severity'], text: string, extra: Partial<UpdateView> = {}): UpdateView => ({
    severity,
    text,
    note: null,
    percent: null,
    canRestart: false,
    ...extra,
  });
  switch (state.state) {
    case 'idle':
      return state.checkedAt === null
        ? view('secondary', t('updates.notChecked'))
        : view('success', t('updates.idle', { date: formatDateTime(state.checkedAt) }));
    case 'disabled':
      return view('secondary', t(`updates.disabled.${state.reason}`));
    case 'checking':
      return view('info', t('updates.checking'));
    case 'available':
      return view('info', t('updates.available', { version: state.version }));
    case 'downloading':
      return view('info', t('updates.downloading', { version: state.version, percent: state.percent }), { percent: state.percent });
    case 'ready':
      return view('success', t('updates.ready', { version: state.version }), { note: t('updates.readyNote'), canRestart: true });
    case 'error':
      // The code without its namespace: vue-i18n reads dots as nesting. What IT must fix is an error;
      // what passes by itself (offline, a failure the next try may not meet) a warning.
      return view(
        state.code === 'update.unreachable' || state.code === 'update.failed' ? 'warn' : 'error',
        t(`updates.errors.${state.code.replace(/^update\./, '')}`),
        { note: t('updates.tryAgain', { date: formatDateTime(state.at) }) },
      );
  }
}
