// The signed-in session: the access token (memory only), the refresh token (memory plus the vault),
// proactive and single-flight refresh. Tokens and the password never reach logs, messages or errors.
import { decodeJwt } from 'jose';
import { paths, REFRESH_AUTH_SCHEME, TokenPair } from '../contract';
import { statusKind } from './answer-failures';
import { RequestCancelled, requestContext, ServiceError } from './errors';
import { serverText } from './server-text';
import {
  bodyLimits,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  Deadline,
  expectOk,
  isOk,
  joinUrl,
  readAnswer,
  send,
  type BodyLimits,
  type FetchLike,
} from './http';

/**
 * Who else holds the refresh token. Nothing keeps it on disk: without the access token (memory only)
 * it could not be used after a restart anyway.
 */
export interface TokenVault {
  read(): Promise<string | null>;
  write(refreshToken: string): Promise<void>;
  clear(): Promise<void>;
}

/** A vault that forgets everything when the process ends (tests, CLI runs without persistence). */
export function memoryVault(initial: string | null = null): TokenVault {
  let token = initial;
  return {
    read: async () => token,
    write: async (refreshToken) => {
      token = refreshToken;
    },
    clear: async () => {
      token = null;
    },
  };
}

export type SessionState = 'signed-out' | 'active' | 'expired';

/**
 * What the service client needs from a session. A caller's `signal` stops its own wait for a refresh
 * (RequestCancelled), never the refresh the others share.
 */
export interface TokenSource {
  /** A usable access token, refreshed first when it is about to expire. */
  accessToken(signal?: AbortSignal): Promise<string>;
  /** After a 401 with `staleAccess`: the new access token (one shared refresh for all callers). */
  refreshAfterUnauthorized(staleAccess: string, signal?: AbortSignal): Promise<string>;
}

export interface Session extends TokenSource {
  /** `signal` stops it (RequestCancelled): a download asked to stop while it was still signing in. */
  signIn(email: string, password: string, signal?: AbortSignal): Promise<void>;
  signOut(): Promise<void>;
  /**
   * True when the session can be used as it is. The refresh endpoint needs the previous access
   * token as well as the refresh token, and the access token lives in memory only; so after a
   * restart the vault's refresh token alone cannot mint a new access token, resume() answers
   * false, and the caller must sign in again.
   */
  resume(): Promise<boolean>;
  state(): SessionState;
  /** Returns a function that removes the listener. */
  onStateChange(listener: (state: SessionState) => void): () => void;
}

export interface SessionOptions {
  baseUrl: string;
  vault: TokenVault;
  fetch?: FetchLike | undefined;
  /** Clock in ms (tests move it). */
  now?: (() => number) | undefined;
  /** Refresh this long before the access token expires (capped at half the token's lifetime). */
  refreshSkewSeconds?: number | undefined;
  timeoutMs?: number | undefined;
  userAgent?: string | undefined;
  /** Only `json` applies: the sign-in and refresh answers. */
  bodyLimits?: Partial<BodyLimits> | undefined;
}

interface AccessToken {
  token: string;
  /** Local-clock ms when it stops being usable; null when the token says nothing about it. */
  expiresAt: number | null;
  /** Local-clock ms from which to refresh proactively. */
  refreshFrom: number | null;
}

export function createSession(options: SessionOptions): Session {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const skewMs = (options.refreshSkewSeconds ?? 30) * 1000;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const maxJson = bodyLimits(options.bodyLimits).json;
  const { vault } = options;

  let access: AccessToken | null = null;
  let refresh: string | null = null;
  let current: SessionState = 'signed-out';
  /** Bumped by signIn and signOut: answers of older requests are not applied. */
  let epoch = 0;
  let inflight: Promise<string> | null = null;
  const listeners = new Set<(state: SessionState) => void>();

  const setState = (next: SessionState) => {
    if (next === current) return;
    current = next;
    for (const listener of [...listeners]) {
      try {
        listener(next);
      } catch {
        // a listener's failure is its own business
      }
    }
  };

  /**
   * Expiry from the JWT: the lifetime (exp − iat) counted from when we received it, so a client
   * clock that is off does not make every call refresh; plain `exp` when there is no `iat`.
   */
  const readAccess = (token: string): AccessToken => {
    const received = now();
    let payload: { exp?: number | undefined; iat?: number | undefined };
    try {
      payload = decodeJwt(token);
    } catch {
      return { token, expiresAt: null, refreshFrom: null };
    }
    if (typeof payload.exp !== 'number') return { token, expiresAt: null, refreshFrom: null };
    const lifetimeMs = typeof payload.iat === 'number' && payload.exp > payload.iat ? (payload.exp - payload.iat) * 1000 : null;
    const expiresAt = lifetimeMs === null ? payload.exp * 1000 : received + lifetimeMs;
    const skew = lifetimeMs === null ? skewMs : Math.min(skewMs, lifetimeMs / 2);
    return { token, expiresAt, refreshFrom: expiresAt - skew };
  };

  const authError = (message: string, status?: number) => new ServiceError({ kind: 'auth', message, status });

  const unusable = (): ServiceError => (current === 'expired' ? authError('the session expired; sign in again') : authError('not signed in'));

  const expire = () => {
    access = null;
    refresh = null;
    inflight = null;
    // The refused refresh token is worthless; a vault that cannot forget it is not worth failing for.
    vault.clear().catch(() => undefined);
    setState('expired');
  };

  const headers = (extra: Record<string, string>) => ({ 'content-type': 'application/json', accept: 'application/json', 'user-agent': userAgent, ...extra });

  async function postRefresh(refreshToken: string, accessToken: string): Promise<TokenPair> {
    const url = joinUrl(options.baseUrl, paths.refresh());
    const ctx = requestContext('POST', url);
    const deadline = new Deadline(timeoutMs);
    const res = await send(
      fetchFn,
      { method: 'POST', url, headers: headers({ authorization: `${REFRESH_AUTH_SCHEME} ${refreshToken}` }), body: JSON.stringify({ access: accessToken }) },
      deadline,
      ctx,
    );
    const answer = await readAnswer(res, deadline, ctx, maxJson);
    // SPEC-GAPS row 8: a refused refresh (4xx) ends the session; a server in trouble (5xx, 429) does not.
    if (statusKind(answer.status) === 'server')
      throw new ServiceError({
        ...ctx,
        kind: 'server',
        status: answer.status,
        ambiguous: false,
        message: `the service could not refresh the session now (HTTP ${answer.status}); try again`,
      });
    if (!isOk(answer.status))
      throw new ServiceError({ ...ctx, kind: 'auth', status: answer.status, message: `the session expired; sign in again (HTTP ${answer.status})` });
    return expectOk(answer, TokenPair, ctx, [refreshToken, accessToken]);
  }

  /** One refresh at a time; everyone waiting shares its outcome. */
  function refreshOnce(): Promise<string> {
    if (inflight) return inflight;
    if (!access || !refresh) return Promise.reject(unusable());
    const started = epoch;
    const used = access.token;
    const refreshToken = refresh;
    const run = (async () => {
      try {
        const pair = await postRefresh(refreshToken, used);
        if (epoch !== started) {
          // Signed out or in again meanwhile: this pair belongs to a session that is gone.
          if (current === 'active' && access) return access.token;
          throw unusable();
        }
        const fresh = readAccess(pair.access);
        access = fresh;
        refresh = pair.refresh;
        // Memory already holds the new pair; a vault failure only costs persistence, which resume() cannot use anyway.
        await vault.write(pair.refresh).catch(() => undefined);
        if (epoch !== started) {
          // Signed out or in while the vault was writing: that session's word wins, and its vault.
          if (current === 'signed-out') await vault.clear().catch(() => undefined);
          if (current === 'active' && access) return access.token;
          throw unusable();
        }
        return fresh.token;
      } catch (error) {
        if (epoch === started && error instanceof ServiceError && error.kind === 'auth') expire();
        // Network failures and timeouts leave the session as it was: the next call tries again.
        throw error;
      }
    })().finally(() => {
      if (inflight === run) inflight = null;
    });
    inflight = run;
    return run;
  }

  /**
   * The shared refresh, or RequestCancelled as soon as this caller's `signal` says stop, whichever
   * comes first. The refresh itself is never cut off: once sent, the service has spent the refresh
   * token it carried (single use, rotated), and only its answer holds the new one the session and
   * every other caller need. So a Stop only stops waiting; the answer is still taken when it comes.
   */
  function refreshFor(signal: AbortSignal | undefined): Promise<string> {
    if (!signal) return refreshOnce();
    const stopped = () => new RequestCancelled(requestContext('POST', joinUrl(options.baseUrl, paths.refresh())));
    if (signal.aborted) return Promise.reject(stopped());
    const shared = refreshOnce();
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => reject(stopped());
      signal.addEventListener('abort', onAbort, { once: true });
      shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  return {
    async signIn(email, password, signal) {
      const started = ++epoch;
      inflight = null;
      const url = joinUrl(options.baseUrl, paths.login());
      const ctx = requestContext('POST', url);
      const deadline = new Deadline(timeoutMs, signal);
      const res = await send(fetchFn, { method: 'POST', url, headers: headers({}), body: JSON.stringify({ email, password }) }, deadline, ctx);
      const answer = await readAnswer(res, deadline, ctx, maxJson);
      const secrets = [password, email];
      // SPEC-GAPS row 7: any 4xx is a failed sign-in; 5xx and 429 say the service is in trouble.
      if (!isOk(answer.status) && statusKind(answer.status) !== 'server') {
        const failure = serverText(answer.body, secrets);
        throw new ServiceError({
          ...ctx,
          kind: 'auth',
          status: answer.status,
          failure: { reason: 'sign-in', params: { status: answer.status } },
          message: `sign-in refused (HTTP ${answer.status})${failure ? `: ${failure}` : ''}`,
          serverMessage: failure || undefined,
        });
      }
      const pair = expectOk(answer, TokenPair, ctx, secrets);
      if (epoch !== started) throw authError('sign-in was overtaken by a sign-out or another sign-in');
      await vault.write(pair.refresh);
      if (epoch !== started) {
        if (current === 'signed-out') await vault.clear();
        throw authError('sign-in was overtaken by a sign-out or another sign-in');
      }
      access = readAccess(pair.access);
      refresh = pair.refresh;
      setState('active');
    },

    async signOut() {
      epoch++;
      access = null;
      refresh = null;
      inflight = null;
      setState('signed-out');
      await vault.clear();
    },

    async resume() {
      return current === 'active' && access !== null;
    },

    async accessToken(signal) {
      if (!inflight) {
        if (current !== 'active' || !access) throw unusable();
        if (access.refreshFrom === null || now() < access.refreshFrom) return access.token;
      }
      const held = access;
      try {
        return await refreshFor(signal);
      } catch (error) {
        // Could not refresh early (offline, timeout): the current token still works until it expires.
        const stillValid = held !== null && held.expiresAt !== null && now() < held.expiresAt && access === held;
        if (stillValid && held && error instanceof ServiceError && error.kind !== 'auth') return held.token;
        throw error;
      }
    },

    async refreshAfterUnauthorized(staleAccess, signal) {
      if (current !== 'active' || !access) {
        if (inflight) return refreshFor(signal);
        throw unusable();
      }
      if (access.token !== staleAccess) return access.token;
      return refreshFor(signal);
    },

    state: () => current,

    onStateChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
