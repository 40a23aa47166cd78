// The catalog of failures, what can go wrong, by stable code, in English and Spanish. vue-i18n's
// placeholder syntax ({name}): the renderer registers it under `failures.`, the CLI formats it itself.
// A code's dots are vue-i18n levels, so no code is the start of another (a test checks it). The other
// kinds of words have catalogs of their own: warnings and notes (notice.ts), an input problem's words
// (catalog-input.ts), an upload's details (catalog-uploads.ts), the CLI's lines and --help (src-main/cli/texts).
import { APP_FAILURES } from './catalog-app';
import { CLI_FAILURES } from './catalog-cli';
import { DATA_FOLDER_FAILURES } from './catalog-data-folder';
import { FILE_FAILURES } from './catalog-files';
import { SERVICE_FAILURES } from './catalog-service';

export const FAILURES = {
  ...APP_FAILURES,
  ...CLI_FAILURES,
  ...FILE_FAILURES,
  ...SERVICE_FAILURES,
  ...DATA_FOLDER_FAILURES,
} as const;
