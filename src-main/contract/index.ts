// The wire contract of the campaign service (../shared/service-spec.md): zod schemas shared by the
// client and the emulator. Pure: imports nothing from Node, Electron or the DOM.
// Objects are loose: unknown fields a real server adds are kept, never fatal.
// What the spec leaves open, and what CaseDesk does about it: ./SPEC-GAPS.md
export * from './primitives';
export * from './auth';
export * from './errors';
export * from './pagination';
export * from './case-keyed';
export * from './data-keys';
export * from './bots';
export * from './campaigns';
export * from './upload';
export * from './upload-rules';
export * from './cases';
export * from './inbound';
export * from './paths';
