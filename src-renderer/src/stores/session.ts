// Who is signed in where, and whether the service can be reached. Never holds a token.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Environment } from '../../../src-main/domain/environments';
import type { SessionStatus } from '../../../src-main/surface/procedures';
import { call, onEvent } from '../api/casedesk';
import { failureKind, isUnreachable } from '../api/failures';

export const useSessionStore = defineStore('session', () => {
  const status = ref<SessionStatus | null>(null);
  const online = ref(typeof navigator === 'undefined' ? true : navigator.onLine);
  const signedIn = computed(() => status.value?.signedIn === true);
  const environment = computed<Environment>(() => status.value?.environment ?? 'demo');

  async function refresh(): Promise<void> {
    status.value = await call('session:status', {});
  }

  async function signIn(input: { environment: Environment; email: string; password: string; baseUrl?: string }): Promise<void> {
    status.value = await call('session:signIn', input);
    online.value = true;
  }

  async function signOut(): Promise<void> {
    status.value = await call('session:signOut', {});
  }

  /** Any call that failed for lack of network marks the app offline until one succeeds. */
  function noteFailure(error: unknown): void {
    if (isUnreachable(error)) online.value = false;
    if (failureKind(error) === 'session-expired' && status.value) status.value = { ...status.value, signedIn: false, state: 'expired' };
  }

  function noteSuccess(): void {
    online.value = true;
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => (online.value = true));
    window.addEventListener('offline', () => (online.value = false));
    // An upload is the first to notice the service going away, and coming back.
    onEvent('upload:progress', (p) => {
      if (p.activity === 'offline') online.value = false;
      else if (p.activity === 'sending' || p.activity === 'done') online.value = true;
    });
  }

  return { status, online, signedIn, environment, refresh, signIn, signOut, noteFailure, noteSuccess };
});
