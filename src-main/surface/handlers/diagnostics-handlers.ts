// "Export diagnostics": what IT needs to help an agent, as a zip the agent saves and sends (Settings,
// or `casedesk diagnostics --out FILE.zip`). The parts are built in ../../diagnostics; this gathers
// them from the app: settings without secrets, the trail, and a check of each service's address.
import { ENVIRONMENTS, type Environment } from '../../domain/environments';
import { AUDIT_LINES, diagnosticsParts, type DiagnosticsInput } from '../../diagnostics/diagnostics-report';
import { diagnosticsFileName, diagnosticsZip } from '../../diagnostics/diagnostics-zip';
import type { serviceFetch } from '../../network/service-fetch';
import { effectivePolicy, environmentAllowed, managedBaseUrl } from '../../policy/policy';
import { getBaseUrl } from '../../store';
import type { AppContext } from '../app-context-types';
import { readTrail } from '../../app/audit-trail';
import type { FileDownload } from '../procedures';
import type { HandlersOf } from './handler';
import { readSettings } from '../../app/settings';

/** The address of an environment's service as the app would use it; Demo's is this machine's own. */
function serviceAddress(ctx: Pick<AppContext, 'policy' | 'store'>, env: Environment): string | null {
  if (env === 'demo' || !environmentAllowed(ctx.policy, env)) return null;
  return managedBaseUrl(ctx.policy, env) ?? getBaseUrl(ctx.store.db, env);
}

/** How the app reaches an environment: exactly as connect() does. */
function fetchFor(ctx: Pick<AppContext, 'options' | 'policy'>, env: Environment, nodeFetch: typeof serviceFetch) {
  return ctx.options.network
    ? ctx.options.network(env)
    : nodeFetch({ extraCa: env === 'demo' ? undefined : ctx.policy.caCertificates[env], env: ctx.options.env ?? process.env });
}

async function connectivity(ctx: Pick<AppContext, 'options' | 'policy' | 'store'>): Promise<DiagnosticsInput['connectivity']> {
  const env = ctx.options.env ?? process.env;
  // undici (behind these) loads only for an export: every other command of the surface skips it.
  const [{ checkConnectivity }, { serviceFetch: nodeFetch }] = await Promise.all([
    import('../../diagnostics/connectivity'),
    import('../../network/service-fetch'),
  ]);
  return Promise.all(
    ENVIRONMENTS.map(async (name) => {
      // Demo runs on this computer: no network stands between the app and it.
      if (name === 'demo') return { environment: name, skipped: 'built-in' as const };
      if (!environmentAllowed(ctx.policy, name)) return { environment: name, skipped: 'not-allowed' as const };
      const baseUrl = serviceAddress(ctx, name);
      if (baseUrl === null) return { environment: name, skipped: 'no-address' as const };
      return checkConnectivity({
        environment: name,
        baseUrl,
        fetch: fetchFor(ctx, name, nodeFetch),
        network: ctx.options.network ? 'app' : 'node',
        extraCa: ctx.policy.caCertificates[name],
        env,
      });
    }),
  );
}

/** Settings as the screen shows them (no secret is among them), with each environment's address and session state, never its account. */
function settingsPart(ctx: Pick<AppContext, 'connections' | 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'store'>): Record<string, unknown> {
  return {
    ...readSettings(ctx),
    environments: ENVIRONMENTS.map((name) => ({
      name,
      allowed: environmentAllowed(ctx.policy, name),
      managed: managedBaseUrl(ctx.policy, name) !== null,
      baseUrl: name === 'demo' ? 'built-in' : serviceAddress(ctx, name),
      session: ctx.connections.get(name)?.session.state() ?? 'signed-out',
    })),
    currentEnvironment: ctx.currentEnvironment(),
    face: ctx.options.face ?? 'app',
  };
}

export async function exportDiagnostics(
  ctx: Pick<AppContext, 'connections' | 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'store'>,
  now: Date = new Date(),
): Promise<FileDownload> {
  const trail = readTrail(ctx, { limit: AUDIT_LINES });
  const parts = diagnosticsParts({
    generatedAt: now,
    db: ctx.store.db,
    dataDir: ctx.options.dataDir,
    encrypted: ctx.store.key !== null,
    env: ctx.options.env ?? process.env,
    policy: effectivePolicy(ctx.policy),
    settings: settingsPart(ctx),
    audit: { entries: trail.entries, chainOk: trail.chain.ok, breaks: trail.chain.breaks.length, unreadable: trail.chain.unreadable },
    connectivity: await connectivity(ctx),
    secrets: [ctx.dataKey.key.toString('hex')],
  });
  const zip = await diagnosticsZip(parts, now);
  return { name: diagnosticsFileName(now), contentType: 'application/zip', base64: zip.toString('base64') };
}

/** What these handlers reach of the app context. */
type DiagnosticsContext = Pick<AppContext, 'connections' | 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'store'>;

export const diagnosticsHandlers: HandlersOf<'diagnostics:export', DiagnosticsContext> = {
  async 'diagnostics:export'(ctx) {
    return exportDiagnostics(ctx);
  },
};
