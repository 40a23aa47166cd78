// Starts the preparation worker from TypeScript source (development, the CLI, the browser host):
// workers do not inherit the parent's loader, so tsx is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./preparation-worker.ts');
