// Starts the preparation worker from TypeScript source (tests, scripts run with tsx; the CLI and the
// app run a bundled worker): workers do not inherit the parent's loader, so tsx is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./preparation-worker.ts');
