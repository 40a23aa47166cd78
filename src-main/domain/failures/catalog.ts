// The catalog of failures, by stable code, in English and Spanish, with the words the app and the CLI
// both show worded the same way: the warnings and notes of catalog-notes.ts, the input problems' words of
// catalog-input.ts and what became of an uploaded case of catalog-uploads.ts. vue-i18n's placeholder
// syntax ({name}): the renderer registers it under `failures.`, the CLI formats it itself. The CLI's own
// lines and --help are a catalog of their own (src-main/cli/texts), which the renderer never bundles.
// A code's dots are vue-i18n levels, so no code is the start of another (a test checks it).
import { APP_FAILURES } from './catalog-app';
import { CLI_FAILURES } from './catalog-cli';
import { DATA_FOLDER_WORDS } from './catalog-data-folder';
import { FILE_FAILURES } from './catalog-files';
import { INPUT_WORDS } from './catalog-input';
import { NOTICES } from './catalog-notes';
import { SERVICE_FAILURES } from './catalog-service';
import { UPLOAD_DETAILS } from './catalog-uploads';

export const FAILURES = {
  ...APP_FAILURES,
  ...CLI_FAILURES,
  ...FILE_FAILURES,
  ...SERVICE_FAILURES,
  ...NOTICES,
  ...DATA_FOLDER_WORDS,
  ...INPUT_WORDS,
  ...UPLOAD_DETAILS,
} as const;
