// The typed face of the command surface, for stores and composables only (components render what
// they are given: the renderer's layers in .dependency-cruiser.mjs). A failure is thrown as an ApiError
// (failures.ts).
import { isFailureCode } from '../../../src-main/domain/failures/failure';
import type { ProcedureInput, ProcedureName, ProcedureOutputs, SurfaceEvents } from '../../../src-main/surface/procedures';
import { ApiError } from './failures';
import { transport } from './transport';

export async function call<N extends ProcedureName>(name: N, input: ProcedureInput<N>): Promise<ProcedureOutputs[N]> {
  const answer = await transport.call(name, input);
  if (!answer.ok) {
    // A code this renderer does not know (a main process of another version): said, never a TypeError.
    if (!isFailureCode(answer.error.code)) throw new ApiError('host.unexpected_answer', { status: 200 });
    throw new ApiError(answer.error.code, answer.error.params);
  }
  return answer.value as ProcedureOutputs[N];
}

export function onEvent<K extends keyof SurfaceEvents>(name: K, listener: (payload: SurfaceEvents[K]) => void): () => void {
  return transport.on(name, listener);
}
