// How a campaign tries a case's phones: the names alone, so the CLI's option lists need no zod.
export const DIALING_TYPES = ['VERTICAL', 'HORIZONTAL_VERTICAL'] as const;
