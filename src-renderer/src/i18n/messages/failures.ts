// What the screens word under `failures.`: the failure catalog (src-main/domain/failures), the one the CLI
// prints too, with the input problems' words its failures nest and what became of an uploaded case. Not
// the notices (the screens word theirs in their own messages) nor the CLI's lines and --help.
import { FAILURES } from '../../../../src-main/domain/failures/catalog';
import { INPUT_WORDS } from '../../../../src-main/domain/failures/catalog-input';
import { UPLOAD_DETAILS } from '../../../../src-main/domain/upload-detail';
import { messageTree } from '../../../../src-main/domain/message-tree';
import { joinTexts } from '../texts';

const SHOWN = { ...FAILURES, ...INPUT_WORDS, ...UPLOAD_DETAILS };

export default joinTexts({ en: messageTree(SHOWN, 'en'), es: messageTree(SHOWN, 'es') });
