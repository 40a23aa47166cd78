// The failure catalog (src-main/domain/failures), the one the CLI prints too: `failures.<code>`.
import { failureMessages } from '../../../../src-main/domain/failures/failure';

export default { es: failureMessages('es'), en: failureMessages('en') };
