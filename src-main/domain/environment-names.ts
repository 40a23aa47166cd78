// The environments' names alone, without their schema: the CLI's option lists need no zod.
export const ENVIRONMENTS = ['demo', 'test', 'production'] as const;
