// What is wrong with one value of an input (a call's, a mapping file's, the policy's), as data: which
// kind of problem and the figures its words need, read from a zod issue's code and fields. Never from
// its `message`, which is zod's English: the words come from the catalog (catalog-input.ts) at the edges.
// Pure.
import type { z } from 'zod';
import type { FailureParamValue } from './failure';

/**
 * zod 4's issue codes, folded into what a person can act on; the last four are named by our own
 * refinements (`params: { problem }`), which have no zod code of their own.
 */
export const INPUT_PROBLEMS = [
  'missing',
  'type',
  'too_small',
  'too_big',
  'format',
  'choice',
  'unknown_key',
  'other',
  'order',
  'repeated',
  'one_of',
  'same_as',
] as const;
export type InputProblemCode = (typeof INPUT_PROBLEMS)[number];

/** The kinds of value a `type` problem says were expected (`input.kind.*`). */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'number',
  int: 'whole_number',
  boolean: 'true_false',
  array: 'list',
  tuple: 'list',
  set: 'list',
  object: 'object',
  record: 'object',
  map: 'object',
};
/** The formats a `format` problem names (`input.format.*`); any other (a regex, mostly) is `pattern`. */
const FORMATS = new Set(['email', 'date', 'datetime', 'time', 'area_code', 'signing_key', 'pattern']);

/** Every value a problem's worded params take, each a word of catalog-input.ts (a test checks them). */
export const INPUT_PROBLEM_WORDS = {
  expected: [...new Set(Object.values(KINDS))],
  measure: ['length', 'count', 'value'],
  bound: ['at_least', 'at_most', 'exactly', 'more_than', 'less_than'],
  format: [...FORMATS],
} as const;

export interface InputProblem {
  /** Where, dotted (`columns.phones.0`); '' for the input as a whole. */
  path: string;
  problem: InputProblemCode;
  /** What the problem's words need: never the value given (it may be personal data). */
  params: Record<string, FailureParamValue>;
}

type Issue = z.core.$ZodIssue;

export function isInputProblemCode(value: unknown): value is InputProblemCode {
  return typeof value === 'string' && (INPUT_PROBLEMS as readonly string[]).includes(value);
}

/**
 * The problem of one issue. A missing value is told from a wrong one by the issue's `input`, so parse
 * with `{ reportInput: true }` (without it a missing value reads as one of the wrong type).
 */
export function inputProblem(issue: Issue): InputProblem {
  return problemAt(issue, []);
}

/** An issue inside another (a union's branch, a record's key) has its path from there on. */
function problemAt(issue: Issue, outer: readonly PropertyKey[]): InputProblem {
  const at = [...outer, ...issue.path];
  const found = problemOf(issue, at);
  return 'path' in found ? found : { path: at.map(String).join('.'), ...found };
}

type Found = InputProblem | Omit<InputProblem, 'path'>;

function problemOf(issue: Issue, at: readonly PropertyKey[]): Found {
  const missing = 'input' in issue && issue.input === undefined;
  switch (issue.code) {
    case 'invalid_type': {
      const kind = KINDS[issue.expected];
      if (missing || issue.expected === 'nonoptional') return { problem: 'missing', params: {} };
      return kind ? { problem: 'type', params: { expected: kind } } : other();
    }
    case 'too_small':
    case 'too_big':
      return { problem: issue.code, params: sizeParams(issue) };
    case 'invalid_format':
      return { problem: 'format', params: { format: FORMATS.has(issue.format) ? issue.format : 'pattern' } };
    case 'invalid_value':
      if (missing) return { problem: 'missing', params: {} };
      return { problem: 'choice', params: { choices: issue.values.map(String) } };
    case 'unrecognized_keys':
      return { problem: 'unknown_key', params: { keys: issue.keys } };
    case 'invalid_union':
      if (missing) return { problem: 'missing', params: {} };
      // A discriminated union names its options; a plain one is said through the one branch that got
      // past its own type, if only one did.
      if ('options' in issue && issue.options) return { problem: 'choice', params: { choices: issue.options.map(String) } };
      return unionProblem(issue.errors, at);
    case 'invalid_key':
    case 'invalid_element': {
      const inner = issue.issues[0];
      return inner ? problemAt(inner, at) : other();
    }
    case 'custom':
      return customProblem(issue.params);
    default:
      return other();
  }
}

function other(): Omit<InputProblem, 'path'> {
  return { problem: 'other', params: {} };
}

/** A bound: on what (a text's length, a list's count, a value), how (at least, more than…) and the figure. */
function sizeParams(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): Record<string, FailureParamValue> {
  const measure = issue.origin === 'string' ? 'length' : issue.origin === 'array' || issue.origin === 'set' ? 'count' : 'value';
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  const bound = issue.exact === true ? 'exactly' : small ? (inclusive ? 'at_least' : 'more_than') : inclusive ? 'at_most' : 'less_than';
  return { measure, bound, limit: typeof limit === 'bigint' ? String(limit) : limit };
}

function unionProblem(branches: readonly (readonly Issue[])[], at: readonly PropertyKey[]): Found {
  const past = branches.filter((issues) => !issues.every((i) => i.code === 'invalid_type' && i.path.length === 0));
  const first = past.length === 1 ? past[0]?.[0] : undefined;
  return first ? problemAt(first, at) : other();
}

/** A refinement of ours says its problem in `params` ({ problem, ...figures }); any other is `other`. */
function customProblem(params: Record<string, unknown> | undefined): Omit<InputProblem, 'path'> {
  const { problem, ...rest } = params ?? {};
  if (!isInputProblemCode(problem)) return other();
  const figures: Record<string, FailureParamValue> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (name === 'format') figures.format = typeof value === 'string' && FORMATS.has(value) ? value : 'pattern';
    else if (typeof value === 'string' || typeof value === 'number') figures[name] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) figures[name] = value as string[];
  }
  return { problem, params: figures };
}

/** The first problem of a failed parse (zod lists them in the schema's order), the one a failure names. */
export function firstInputProblem(error: { issues: readonly Issue[] }): InputProblem {
  const issue = error.issues[0];
  return issue ? inputProblem(issue) : { path: '', problem: 'other', params: {} };
}
