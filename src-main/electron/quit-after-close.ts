// Electron does not wait for a promise a 'before-quit' listener starts: the process ends at once, and
// the app's close (uploads stopped, a big batch's checkpoint waited for, the store closed) is cut
// off; the next start's first write then copies the batch into the file on the main thread. So the
// first quit is held until the close is done, or `limitMs` went by (a quit never hangs), then let through.

/** The part of Electron's app this needs. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export function quitAfterClose(app: QuittingApp, close: () => Promise<void>, limitMs = 15_000): void {
  let state: 'open' | 'closing' | 'closed' = 'open';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
    // A close that failed still lets the app quit: what it did not do, the next start takes up.
    const closed = (async () => close())().catch(() => undefined);
    void Promise.race([closed, limit]).then(() => {
      clearTimeout(timer);
      state = 'closed';
      app.quit();
    });
  });
}
