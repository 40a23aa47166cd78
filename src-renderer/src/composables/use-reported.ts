// How a screen runs a call of the surface and reports its failure, in one place: the session hears of
// every failure (offline, an expired session: the app's banner and sign-in follow from it) and, for calls
// that went to the service, of every success (online again); the screen gets a typed outcome carrying the
// failure's words, and says them where it always has (its own line, in its own sentence).
import { ref } from 'vue';
import { errorText } from '../api/failures';
import { useSessionStore } from '../stores/session';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown; text: string };

/** What hears how the calls went: the session store. */
export interface ConnectionNotes {
  noteSuccess(): void;
  noteFailure(error: unknown): void;
}

export interface ReportOptions {
  /**
   * The call goes to the service, so its success shows the service is reachable again. Off for calls this
   * machine's store answers: they succeed offline too, and say nothing about the network.
   */
  reachesService?: boolean;
}

/** Runs `work` and tells `notes` how it went; never throws: a failure is the outcome, worded once. */
export async function settle<T>(notes: ConnectionNotes, work: () => Promise<T>, options: ReportOptions = {}): Promise<Outcome<T>> {
  let value: T;
  try {
    value = await work();
  } catch (error) {
    notes.noteFailure(error);
    return { ok: false, error, text: errorText(error) };
  }
  if (options.reachesService) notes.noteSuccess();
  return { ok: true, value };
}

/**
 * Runs `work` and tells `notes` of its failure, which it then throws on: for a caller that says the
 * failure its own way (a pager's error line, a select's state) and must still report it the one way.
 */
export async function noting<T>(notes: ConnectionNotes, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    notes.noteFailure(error);
    throw error;
  }
}

/** `settle` bound to the session store: `const report = useReported(); const got = await report(() => call(…))`. */
export function useReported() {
  const session = useSessionStore();
  return <T>(work: () => Promise<T>, options?: ReportOptions) => settle(session, work, options);
}

export interface ActionOptions extends ReportOptions {
  /** The screen's own sentence around the failure's words; null says nothing (e.g. "nothing downloaded yet" is no error). */
  words?: (text: string, error: unknown) => string | null;
}

/** One action of a screen: busy while it runs, then the line its failure leaves (null when it worked). */
export function createAction(notes: ConnectionNotes, options: ActionOptions = {}) {
  const busy = ref(false);
  const error = ref<string | null>(null);

  async function run<T>(work: () => Promise<T>): Promise<Outcome<T>> {
    busy.value = true;
    error.value = null;
    const outcome = await settle(notes, work, options);
    if (!outcome.ok) error.value = options.words ? options.words(outcome.text, outcome.error) : outcome.text;
    busy.value = false;
    return outcome;
  }

  return { busy, error, run };
}

/** `createAction` bound to the session store, for a component's setup. */
export function useAction(options: ActionOptions = {}) {
  return createAction(useSessionStore(), options);
}
