// The failure catalog (src-main/domain/failures), the one the CLI prints too: `failures.<code>`.
import { failureMessages } from '../../../../src-main/domain/failures/failure';
import { joinTexts } from '../texts';

export default joinTexts({ en: failureMessages('en'), es: failureMessages('es') });
