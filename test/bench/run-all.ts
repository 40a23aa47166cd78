// `npm run bench`: every benchmark of the project, figures printed, in one run (ratios are only
// meaningful within one run on this shared machine). `npm run bench -- emulator` runs one.
import { benchEmulatorUpload } from './emulator-upload';
import { benchPrepare } from './prepare-batch';
import { benchRendererBatch } from './renderer-batch';
import { benchUploadAndDownload } from './upload-sync';

const benches: Record<string, () => Promise<void>> = {
  emulator: () => benchEmulatorUpload(),
  prepare: () => benchPrepare(),
  upload: () => benchUploadAndDownload(),
  renderer: () => benchRendererBatch(),
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  await run();
}
