// The local store (SQLite, encrypted with the data key): one file per data folder, small repositories
// with typed rows.
export * from './store';
export * from './private-files';
export { migrate, MIGRATIONS, StoreVersionError, type Migration } from './migrations';
export * from './environments-repo';
export * from './service-cache-repo';
export * from './batches-repo';
export * from './cases-repo';
export * from './issue-codec';
export * from './issues-repo';
export * from './case-keys';
export { recountIfDrifted } from './kept-counts';
export * from './case-query';
export * from './results-repo';
export * from './followup-repo';
export * from './settings-repo';
export * from './upload-repo';
export * from './batch-writer';
export * from './batch-writer-thread';
export * from './lifecycle-repo';
export * from './data-folder';
export * from './ledger-repo';
export * from './duplicates-repo';
export * from './store-statistics';
