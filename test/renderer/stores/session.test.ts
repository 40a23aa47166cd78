// The session hears how the screens' calls went: a service out of reach makes the app offline until a
// call to it succeeds, an expired session signs the agent out; other failures say nothing of either.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../../src-main/surface/procedures';
import { ApiError } from '../../../src-renderer/src/api/failures';
import { useAction } from '../../../src-renderer/src/composables/use-reported';
import { useSessionStore } from '../../../src-renderer/src/stores/session';

const SIGNED_IN: SessionStatus = { environment: 'demo', signedIn: true, state: 'active', email: 'agent@example.com', baseUrl: null };

beforeEach(() => {
  setActivePinia(createPinia());
});

describe('session store', () => {
  it('goes offline when a screen call could not reach the service, and online again when a service call succeeds', async () => {
    const session = useSessionStore();
    session.online = true;
    const { run } = useAction({ reachesService: true });
    await run(() => Promise.reject(new ApiError('service.timeout', { request: 'GET /bots' })));
    expect(session.online).toBe(false);
    await run(() => Promise.resolve([]));
    expect(session.online).toBe(true);
  });

  it('signs the agent out when the session expired, and ignores failures that say nothing of the connection', async () => {
    const session = useSessionStore();
    session.online = true;
    session.status = SIGNED_IN;
    const { run, error } = useAction();
    await run(() => Promise.reject(new ApiError('batch.not_found', { batchId: 3 })));
    expect(error.value).not.toBeNull();
    expect(session.online).toBe(true);
    expect(session.signedIn).toBe(true);

    await run(() => Promise.reject(new ApiError('service.sign_in_refused', { status: 401, detail: '' })));
    expect(session.signedIn).toBe(false);
    expect(session.status?.state).toBe('expired');
  });
});
