// The typed face of the command surface for screens and stores.
import type { ErrorCode, ProcedureInput, ProcedureName, ProcedureOutputs, SurfaceError, SurfaceEvents } from '../../../src-main/surface/procedures';
import { i18n } from '../i18n';
import { transport } from './transport';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly messageEs?: string,
    /** What the failure is about (e.g. {batchId, inDoubt}), for screens that word it themselves. */
    readonly params?: SurfaceError['params'],
  ) {
    // Shown as it is by the screens: in Spanish when the agent works in Spanish and it exists; a
    // network problem in the renderer's own words, from its params.
    super(networkWords(params) ?? (messageEs && i18n.global.locale.value === 'es' ? messageEs : message));
    this.name = 'ApiError';
  }
}

function networkWords(params: SurfaceError['params']): string | null {
  if (params?.reason !== 'network' || typeof params.problem !== 'string') return null;
  const key = `network.problem.${params.problem}`;
  return i18n.global.te(key) ? i18n.global.t(key, { host: params.host ?? '', proxy: params.proxy ?? '', proxyStatus: params.proxyStatus ?? '' }) : null;
}

export async function call<N extends ProcedureName>(name: N, input: ProcedureInput<N>): Promise<ProcedureOutputs[N]> {
  const answer = await transport.call(name, input);
  if (!answer.ok) throw new ApiError(answer.error.code, answer.error.message, answer.error.messageEs, answer.error.params);
  return answer.value as ProcedureOutputs[N];
}

export function onEvent<K extends keyof SurfaceEvents>(name: K, listener: (payload: SurfaceEvents[K]) => void): () => void {
  return transport.on(name, listener);
}
