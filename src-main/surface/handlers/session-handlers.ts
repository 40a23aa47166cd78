// Environments, sign-in and sign-out.
import { Failure } from '../../domain/failures/failure';
import { ENVIRONMENTS, type Environment } from '../../domain/environments';
import { checkBaseUrl } from '../../domain/environments';
import { environmentAllowed, managedBaseUrl, refuseBaseUrl, refusalFailure } from '../../policy/policy';
import { getAccount, removeAccount, saveAccount, setBaseUrl } from '../../store';
import type { AppContext, Connection } from '../app-context-types';
import type { SessionStatus } from '../procedures';
import type { HandlersOf } from './handler';
import { SurfaceFailure } from '../../app/surface-failure';

export async function statusOf(ctx: Pick<AppContext, 'baseUrl' | 'connections' | 'store'>, env: Environment): Promise<SessionStatus> {
  const connection = ctx.connections.get(env);
  const account = getAccount(ctx.store.db, env);
  const state = connection?.session.state() ?? (account ? 'expired' : 'signed-out');
  return {
    environment: env,
    signedIn: state === 'active',
    state,
    email: connection?.email ?? account?.email ?? null,
    baseUrl: connection?.baseUrl ?? (env === 'demo' ? null : await ctx.baseUrl(env)),
  };
}

/**
 * The live connection of `env`, signing in with the configured credentials when there is none.
 * `signal` stops that sign-in (RequestCancelled): long work asked to stop before it got going.
 */
export async function connectionFor(
  ctx: Pick<AppContext, 'baseUrl' | 'connect' | 'connections' | 'options'>,
  env: Environment,
  signal?: AbortSignal,
): Promise<Connection> {
  const existing = ctx.connections.get(env);
  if (existing && existing.session.state() === 'active') return existing;
  const credentials = ctx.options.credentials?.(env) ?? null;
  if (credentials) {
    const baseUrl = await ctx.baseUrl(env);
    if (!baseUrl) throw new SurfaceFailure('session.no_base_url', { environment: env });
    return ctx.connect(env, credentials, baseUrl, signal);
  }
  if (existing) throw new SurfaceFailure('session.expired', { environment: env });
  throw new SurfaceFailure('session.not_signed_in', { environment: env });
}

/** Refuses, as 'policy.locked', what the organization's policy does not allow for `env`. */
function obeyPolicy(ctx: Pick<AppContext, 'policy'>, env: Environment, baseUrl: string | null): void {
  const refusal = refuseBaseUrl(ctx.policy, env, baseUrl);
  if (!refusal) return;
  const { code, params } = refusalFailure(ctx.policy, refusal);
  throw new Failure(code, { environment: env, ...params } as never);
}

/** A base URL as the agent typed it, checked; invalid-input when it is not one. */
function checked(text: string): string {
  const url = checkBaseUrl(text);
  if (!url.ok) throw new Failure(url.failure.code, url.failure.params as never);
  return url.url;
}

/** What these handlers reach of the app context. */
type SessionContext = Pick<AppContext, 'baseUrl' | 'connect' | 'connections' | 'currentEnvironment' | 'options' | 'policy' | 'setCurrentEnvironment' | 'store'>;

export const sessionHandlers: HandlersOf<
  'environments:list' | 'environments:setBaseUrl' | 'session:signIn' | 'session:signOut' | 'session:status',
  SessionContext
> = {
  async 'environments:list'(ctx) {
    return Promise.all(
      ENVIRONMENTS.map(async (name) => {
        const allowed = environmentAllowed(ctx.policy, name);
        return {
          name,
          builtIn: name === 'demo',
          managed: managedBaseUrl(ctx.policy, name) !== null,
          allowed,
          baseUrl: name === 'demo' || !allowed ? null : await ctx.baseUrl(name),
        };
      }),
    );
  },

  async 'environments:setBaseUrl'(ctx, { environment, baseUrl }) {
    if (environment === 'demo') throw new SurfaceFailure('session.demo_address', {});
    const url = checked(baseUrl);
    obeyPolicy(ctx, environment, url);
    return {
      name: environment,
      builtIn: false,
      managed: managedBaseUrl(ctx.policy, environment) !== null,
      allowed: true,
      baseUrl: setBaseUrl(ctx.store.db, environment, url),
    };
  },

  async 'session:signIn'(ctx, { environment, email, password, baseUrl }) {
    if (baseUrl !== undefined && environment !== 'demo') {
      const given = checked(baseUrl);
      obeyPolicy(ctx, environment, given);
      setBaseUrl(ctx.store.db, environment, given);
    } else obeyPolicy(ctx, environment, null);
    const url = await ctx.baseUrl(environment);
    if (!url) throw new SurfaceFailure('session.base_url_missing', { environment });
    await ctx.connect(environment, { email, password }, url);
    saveAccount(ctx.store.db, environment, email);
    ctx.setCurrentEnvironment(environment);
    return statusOf(ctx, environment);
  },

  async 'session:signOut'(ctx, input) {
    const env = input.environment ?? ctx.currentEnvironment();
    await ctx.connections.get(env)?.session.signOut();
    ctx.connections.delete(env);
    removeAccount(ctx.store.db, env);
    return statusOf(ctx, env);
  },

  async 'session:status'(ctx, input) {
    const env = input.environment ?? ctx.currentEnvironment();
    if (!ctx.connections.has(env) && ctx.options.credentials?.(env)) await connectionFor(ctx, env);
    return statusOf(ctx, env);
  },
};
