// A fake transport for the stores' tests: each procedure answers what the test gives (a value, or a
// failure of the catalog), and every call is kept, name and input, for the test to read.
import { vi } from 'vitest';
import type { FailureCode, FailureParamValue } from '../../../src-main/domain/failures/failure';
import type { ProcedureInput, ProcedureName, ProcedureOutputs } from '../../../src-main/surface/procedures';
import { transport } from '../../../src-renderer/src/api/transport';

/** A failure the fake surface answers with, as the transport's envelope carries it. */
export interface FakeFailure {
  failure: FailureCode;
  params?: Record<string, FailureParamValue>;
}

type Answer<N extends ProcedureName> =
  | ProcedureOutputs[N]
  | FakeFailure
  /** Answered from the input; a promise answers when the test says. */
  | ((input: ProcedureInput<N>) => ProcedureOutputs[N] | FakeFailure | Promise<ProcedureOutputs[N]>);
export type Answers = { [N in ProcedureName]?: Answer<N> };

export interface FakeCall {
  name: string;
  input: unknown;
}

const isFailure = (value: unknown): value is FakeFailure => typeof value === 'object' && value !== null && 'failure' in value;

/** Replaces the transport's calls until `vi.restoreAllMocks()`; a procedure without an answer fails the test. */
export function fakeSurface(answers: Answers): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.spyOn(transport, 'call').mockImplementation(async (name, input) => {
    calls.push({ name, input });
    const answer = answers[name as ProcedureName] as unknown;
    if (answer === undefined) throw new Error(`the fake surface has no answer for ${name}`);
    const value: unknown = typeof answer === 'function' ? await (answer as (i: unknown) => unknown)(input) : answer;
    if (isFailure(value)) return { ok: false, error: { code: value.failure, message: '', params: value.params ?? {} } };
    return { ok: true, value };
  });
  return calls;
}
