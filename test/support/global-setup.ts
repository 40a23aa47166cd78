// Once per test run: the renderer is built fresh, so end-to-end tests drive the current screens.
import { buildRenderer } from '../../src-main/host/renderer-build';

export default async function setup(): Promise<void> {
  await buildRenderer();
}
