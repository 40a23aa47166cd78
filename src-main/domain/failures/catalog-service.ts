// Failures of reaching the service, signing in, the organization's policy and the data key.
// {request} is "METHOD /path" (never a query string); {detail} is what the server said, scrubbed,
// as ": its words", or empty.
import type { CatalogEntry } from './failure-class';

export const SERVICE_FAILURES = {
  'network.dns': {
    class: 'offline',
    en: 'Could not reach the service: the name {host} could not be found (DNS). Check the address and this computer’s network.',
    es: 'No se pudo conectar: el nombre {host} no se encuentra (DNS). Revise la dirección y la red de este equipo.',
  },
  'network.refused': {
    class: 'offline',
    en: 'Could not reach the service: {host} refused the connection; the service is not listening there.',
    es: 'No se pudo conectar: {host} rechazó la conexión; el servicio no atiende allí.',
  },
  'network.unreachable': {
    class: 'offline',
    en: 'Could not reach the service: {host} cannot be reached from this network.',
    es: 'No se pudo conectar: {host} no es alcanzable desde esta red.',
  },
  'network.connect_timeout': {
    class: 'offline',
    en: 'Could not reach the service: {host} did not accept a connection in time.',
    es: 'No se pudo conectar: {host} no aceptó la conexión a tiempo.',
  },
  'network.tls_untrusted': {
    class: 'offline',
    en: 'Could not reach the service: the certificate of {host} is not trusted (signed by a CA this computer does not trust). If your network inspects TLS, IT must give its CA in NODE_EXTRA_CA_CERTS or the policy’s ca_file.',
    es: 'No se pudo conectar: el certificado de {host} no es de confianza (lo firmó una autoridad que este equipo no reconoce). Si su red inspecciona TLS, su área de sistemas debe indicar su certificado raíz en NODE_EXTRA_CA_CERTS o en el ca_file de la política.',
  },
  'network.tls_expired': {
    class: 'offline',
    en: 'Could not reach the service: the certificate of {host} has expired or is not valid yet (check this computer’s date and time).',
    es: 'No se pudo conectar: el certificado de {host} venció o aún no es válido (revise la fecha y hora de este equipo).',
  },
  'network.tls_wrong_name': {
    class: 'offline',
    en: 'Could not reach the service: the certificate presented for {host} is for another name.',
    es: 'No se pudo conectar: el certificado presentado por {host} es de otro nombre.',
  },
  'network.tls_failed': {
    class: 'offline',
    en: 'A secure (TLS) connection to {host} could not be set up.',
    es: 'No se pudo establecer una conexión segura (TLS) con {host}.',
  },
  'network.proxy_auth': {
    class: 'offline',
    en: 'The proxy {proxy} asks for authentication (HTTP 407): give its user and password in HTTPS_PROXY, or ask your IT department.',
    es: 'El proxy {proxy} pide autenticación (HTTP 407): indique su usuario y contraseña en HTTPS_PROXY, o consulte a su área de sistemas.',
  },
  'network.proxy_refused': {
    class: 'offline',
    en: 'The proxy {proxy} refused to open a connection to {host} (HTTP {proxyStatus}).',
    es: 'El proxy {proxy} no abrió la conexión con {host} (HTTP {proxyStatus}).',
  },
  'network.proxy_unreachable': {
    class: 'offline',
    en: 'The proxy {proxy} could not be reached: check HTTPS_PROXY / HTTP_PROXY and NO_PROXY.',
    es: 'No se pudo llegar al proxy {proxy}: revise HTTPS_PROXY / HTTP_PROXY y NO_PROXY, o consulte a su área de sistemas.',
  },
  'network.connection': {
    class: 'offline',
    en: 'The connection to {host} broke before an answer came; the request may have reached the service.',
    es: 'Se cortó la conexión con {host} antes de la respuesta; el pedido pudo haber llegado al servicio.',
  },

  'service.offline': { class: 'offline', en: '{request}: the connection to the service failed.', es: '{request}: falló la conexión con el servicio.' },
  'service.timeout': { class: 'timeout', en: '{request}: no answer from the service in time.', es: '{request}: el servicio no respondió a tiempo.' },
  'service.unavailable': {
    class: 'server',
    en: '{request}: the service failed or is busy (HTTP {status}){detail}; try again later.',
    es: '{request}: el servicio falló o está ocupado (HTTP {status}){detail}; intente más tarde.',
  },
  'service.refused': {
    class: 'refused',
    en: '{request}: the service refused the request (HTTP {status}){detail}.',
    es: '{request}: el servicio rechazó el pedido (HTTP {status}){detail}.',
  },
  'service.forbidden': {
    class: 'refused',
    en: '{request}: not permitted for this account (HTTP 403){detail}.',
    es: '{request}: no está permitido para esta cuenta (HTTP 403){detail}.',
  },
  'service.not_found': {
    class: 'not-found',
    en: '{request}: not found on the service (HTTP 404){detail}.',
    es: '{request}: no existe en el servicio (HTTP 404){detail}.',
  },
  'service.session_refused': {
    class: 'session-expired',
    en: 'The service did not accept the session; sign in again. Nothing prepared or queued was lost.',
    es: 'El servicio no aceptó la sesión; ingrese de nuevo. No se perdió nada preparado ni en cola.',
  },
  'service.sign_in_refused': { class: 'session-expired', en: 'Sign-in refused (HTTP {status}){detail}.', es: 'Ingreso rechazado (HTTP {status}){detail}.' },
  'service.contract': {
    class: 'contract',
    en: '{request}: the answer does not match the service contract ({issues}).',
    es: '{request}: la respuesta no coincide con el contrato del servicio ({issues}).',
  },
  'service.redirect': {
    class: 'contract',
    en: '{request}: the service answered with a redirect to {host} (HTTP {status}); CaseDesk does not follow redirects.',
    es: '{request}: el servicio respondió con una redirección a {host} (HTTP {status}); CaseDesk no sigue redirecciones.',
  },
  'service.redirect_nowhere': {
    class: 'contract',
    en: '{request}: the service answered with a redirect without a usable destination (HTTP {status}); CaseDesk does not follow redirects.',
    es: '{request}: el servicio respondió con una redirección sin un destino utilizable (HTTP {status}); CaseDesk no sigue redirecciones.',
  },
  'service.answer_too_large': {
    class: 'contract',
    en: '{request}: the answer is larger than CaseDesk accepts (over {size}); it was not read to the end.',
    es: '{request}: la respuesta es más grande de lo que CaseDesk acepta (más de {size}); no se leyó completa.',
  },
  'service.recording_too_large': {
    class: 'contract',
    en: '{request}: the recording is larger than CaseDesk accepts (over {size}); it was not read to the end.',
    es: '{request}: la grabación es más grande de lo que CaseDesk acepta (más de {size}); no se leyó completa.',
  },
  'service.recording_too_slow': {
    class: 'timeout',
    en: '{request}: the recording came too slowly (under {rate} KB/s) and was stopped after {seconds} s; nothing of it was kept. Try again later or from a faster connection.',
    es: '{request}: la grabación llegaba demasiado lento (menos de {rate} KB/s) y se detuvo a los {seconds} s; no se guardó nada de ella. Intente más tarde o desde una conexión más rápida.',
  },
  // Not a failure of the service: the agent (or the app closing) stopped it.
  'service.cancelled': {
    class: 'notice',
    en: '{request}: stopped before it finished, as asked; nothing of it was kept.',
    es: '{request}: se detuvo antes de terminar, como se pidió; no se guardó nada de ello.',
  },
  'service.content_type': {
    class: 'contract',
    en: '{request}: the answer is {contentType}, not JSON as the service contract says.',
    es: '{request}: la respuesta es {contentType}, no JSON como dice el contrato del servicio.',
  },
  'service.no_content_type': {
    class: 'contract',
    en: '{request}: the answer has no usable content type, not JSON as the service contract says.',
    es: '{request}: la respuesta no tiene un tipo de contenido utilizable, no JSON como dice el contrato del servicio.',
  },
  'service.next_link': {
    class: 'contract',
    en: '{request}: the list’s next-page link was not followed ({problem}).',
    es: '{request}: no se siguió el enlace a la página siguiente de la lista ({problem}).',
  },
  // A service that answers every page with a new `next` (a bug, or a hostile one) is stopped, not followed forever.
  'service.list_unending': {
    class: 'contract',
    en: '{request}: the service’s list did not end; CaseDesk stopped reading it after {pages} pages, {items} items, {values} objects and {size} (it reads at most {maxPages} pages, {maxItems} items, {maxValues} objects and {maxSize} of one list).',
    es: '{request}: la lista del servicio no terminaba; CaseDesk dejó de leerla después de {pages} páginas, {items} elementos, {values} objetos y {size} (lee como máximo {maxPages} páginas, {maxItems} elementos, {maxValues} objetos y {maxSize} de una lista).',
  },

  'session.not_signed_in': { class: 'not-signed-in', en: 'Sign in to {environment} first.', es: 'Primero ingrese a {environment}.' },
  'session.no_base_url': { class: 'not-signed-in', en: 'Set the base URL of {environment} first.', es: 'Primero indique la dirección base de {environment}.' },
  'session.expired': {
    class: 'session-expired',
    en: 'The {environment} session expired; sign in again. Nothing prepared or queued was lost.',
    es: 'La sesión de {environment} venció; ingrese de nuevo. No se perdió nada preparado ni en cola.',
  },
  'session.demo_address': {
    class: 'invalid-input',
    en: 'The Demo environment runs on this machine; its address is chosen when it starts.',
    es: 'El entorno Demo funciona en este equipo; su dirección se elige al iniciarse.',
  },
  'session.base_url_missing': {
    class: 'invalid-input',
    en: 'Set the base URL of {environment} (your administrator has it).',
    es: 'Indique la dirección base de {environment} (la tiene su administrador).',
  },
  'url.not_a_url': { class: 'invalid-input', en: '"{text}" is not a URL.', es: '"{text}" no es una dirección web (URL).' },
  'url.not_https': {
    class: 'invalid-input',
    en: '{origin} must use https (plain http is only allowed on this machine).',
    es: '{origin} debe usar https (http simple solo se permite en este equipo).',
  },
  'url.has_credentials': {
    class: 'invalid-input',
    en: 'A base URL must not carry a user name or password.',
    es: 'Una dirección base no debe llevar usuario ni contraseña.',
  },
  'url.has_query': { class: 'invalid-input', en: 'A base URL has no query or fragment.', es: 'Una dirección base no lleva consulta ni fragmento.' },

  'policy.setting_locked': { class: 'policy.locked', en: '{setting} is set by your organization ({file}).', es: '{setting} lo fija su organización ({file}).' },
  'policy.environment_fixed': {
    class: 'policy.locked',
    en: '{environment} uses {baseUrl}, set by your organization’s policy ({file}); another address cannot be used.',
    es: '{environment} usa {baseUrl}, fijada por la política de su organización ({file}); no se puede usar otra dirección.',
  },
  'policy.custom_url_refused': {
    class: 'policy.locked',
    en: 'Your organization’s policy ({file}) does not allow setting a service address for {environment} (allow_custom_base_url is false).',
    es: 'La política de su organización ({file}) no permite indicar una dirección del servicio para {environment} (allow_custom_base_url es false).',
  },
  'policy.demo_off': {
    class: 'policy.locked',
    en: 'The Demo environment is turned off by your organization’s policy ({file}) (allow_demo is false).',
    es: 'El entorno Demo está desactivado por la política de su organización ({file}) (allow_demo es false).',
  },
  'policy.data_dir_fixed': {
    class: 'policy.locked',
    en: 'The data folder is {dataDir}, set by your organization’s policy ({file}); another folder cannot be used.',
    es: 'La carpeta de datos es {dataDir}, fijada por la política de su organización ({file}); no se puede usar otra carpeta.',
  },
  'policy.language_fixed': {
    class: 'policy.locked',
    en: 'The language is {language}, set by your organization’s policy ({file}).',
    es: 'El idioma es {language}, fijado por la política de su organización ({file}).',
  },
  'policy.retention_fixed': {
    class: 'policy.locked',
    en: 'Retention is {retentionDays} days, set by your organization’s policy ({file}).',
    es: 'La retención es de {retentionDays} días, fijada por la política de su organización ({file}).',
  },

  // The policy file itself cannot be used: CaseDesk stops (fail closed) and says which file and what in it.
  'policy.file_missing': {
    class: 'forbidden',
    en: 'The policy file {file} does not exist. CaseDesk does not start without it; ask your IT department.',
    es: 'El archivo de política {file} no existe. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.file_unreadable': {
    class: 'forbidden',
    en: 'The policy file {file} cannot be read. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede leer el archivo de política {file}. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.not_json': {
    class: 'forbidden',
    en: 'The policy file {file} is not valid JSON. CaseDesk does not start without it; ask your IT department.',
    es: 'El archivo de política {file} no es JSON válido. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.not_object': {
    class: 'forbidden',
    en: 'The policy file {file} must hold a JSON object. CaseDesk does not start without it; ask your IT department.',
    es: 'El archivo de política {file} debe contener un objeto JSON. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.invalid_key': {
    class: 'forbidden',
    en: 'The policy file {file} cannot be used: {key}: {problem}. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede usar el archivo de política {file}: {key}: {problem}. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.invalid_url': {
    class: 'forbidden',
    en: 'The policy file {file} cannot be used: {key}: "{url}" is not an https address without user name, password, query or fragment. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede usar el archivo de política {file}: {key}: "{url}" no es una dirección https sin usuario, contraseña, consulta ni fragmento. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.ca_file_unreadable': {
    class: 'forbidden',
    en: 'The policy file {file} cannot be used: {key}: {path} cannot be read. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede usar el archivo de política {file}: {key}: no se puede leer {path}. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.ca_file_not_pem': {
    class: 'forbidden',
    en: 'The policy file {file} cannot be used: {key}: {path} holds no PEM certificate. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede usar el archivo de política {file}: {key}: {path} no contiene un certificado PEM. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.data_dir_variable': {
    class: 'forbidden',
    en: 'The policy file {file} cannot be used: data_dir: the variable {variable} is not set. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede usar el archivo de política {file}: data_dir: la variable {variable} no está definida. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  'policy.data_dir_relative': {
    class: 'forbidden',
    en: 'The policy file {file} cannot be used: data_dir: must be an absolute path, not {dataDir}. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede usar el archivo de política {file}: data_dir: debe ser una ruta absoluta, no {dataDir}. CaseDesk no se inicia sin él; consulte a su departamento de sistemas.',
  },
  // A policy only administrators can change, or none: a file others may edit (or plant) would steer every agent of the PC.
  // Bad input, as a refusal of the policy's: {path} is the file or the folder above it, {reason} a word of policy.protection.*.
  'policy.not_protected': {
    class: 'invalid-input',
    en: 'The policy file {file} is refused: {path} {reason}. Only administrators may be able to change the policy file and every folder above it. CaseDesk does not start with it; ask your IT department.',
    es: 'Se rechaza el archivo de política {file}: {path} {reason}. Solo los administradores deben poder modificar el archivo de política y cada carpeta que lo contiene. CaseDesk no se inicia con él; consulte a su departamento de sistemas.',
  },
  'policy.protection.owner': {
    class: 'notice',
    en: 'is owned by an account other than root or the administrators',
    es: 'pertenece a una cuenta que no es root ni los administradores',
  },
  'policy.protection.group_writable': { class: 'notice', en: 'can be changed by its group', es: 'puede modificarlo su grupo' },
  'policy.protection.world_writable': { class: 'notice', en: 'can be changed by every user', es: 'puede modificarlo cualquier usuario' },
  'policy.protection.writable_by_others': {
    class: 'notice',
    en: 'can be changed by an account other than the administrators and SYSTEM',
    es: 'puede modificarlo una cuenta que no es de los administradores ni SYSTEM',
  },
  'policy.protection.not_a_file': { class: 'notice', en: 'is not a regular file', es: 'no es un archivo común' },
  'policy.protection.unverifiable': {
    class: 'notice',
    en: 'could not be checked for who may change it',
    es: 'no se pudo comprobar quién puede modificarlo',
  },
  'policy.registry_unreadable': {
    class: 'forbidden',
    en: 'The policy in the registry ({file}) cannot be read. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede leer la política del registro ({file}). CaseDesk no se inicia sin ella; consulte a su departamento de sistemas.',
  },
  'policy.registry_path_relative': {
    class: 'forbidden',
    en: 'The policy in the registry ({file}) cannot be used: {key}: must be an absolute path, not {path}. CaseDesk does not start without it; ask your IT department.',
    es: 'No se puede usar la política del registro ({file}): {key}: debe ser una ruta absoluta, no {path}. CaseDesk no se inicia sin ella; consulte a su departamento de sistemas.',
  },

  // A data folder whose store this version cannot take (store/migrations): nothing in it was changed.
  'store.newer_version': {
    class: 'forbidden',
    en: 'This data folder was written by a newer CaseDesk (schema {applied}, this version knows {known}). Update CaseDesk to open it.',
    es: 'Esta carpeta de datos la escribió un CaseDesk más nuevo (esquema {applied}; esta versión conoce {known}). Actualice CaseDesk para abrirla.',
  },
  'store.unknown_history': {
    class: 'forbidden',
    en: 'This data folder has a schema history CaseDesk does not recognise (step {version} "{name}"). It was not changed.',
    es: 'Esta carpeta de datos tiene un historial de esquema que CaseDesk no reconoce (paso {version} "{name}"). No se modificó.',
  },
  'store.wrong_key': {
    class: 'forbidden',
    en: 'The store {file} cannot be opened with this key (was the folder copied from another machine, user or folder?).',
    es: 'El almacén {file} no se puede abrir con esta clave (¿se copió la carpeta desde otra máquina, otro usuario u otra carpeta?).',
  },

  // A development Electron opens its own build of the store's native module (sqlite/native-binding.ts).
  'native.electron_missing': {
    class: 'not-found',
    en: 'The store\'s native module built for Electron is missing ({path}). Build it with "{command}" (it downloads a prebuilt copy, or compiles one with a C++ compiler), or open CaseDesk in the browser with "npm start -- --browser".',
    es: 'Falta el módulo nativo del almacén compilado para Electron ({path}). Genérelo con "{command}" (descarga una copia precompilada o la compila con un compilador de C++), o abra CaseDesk en el navegador con "npm start -- --browser".',
  },
  'native.electron_stale': {
    class: 'not-found',
    en: 'The store\'s native module in {path} was built for Electron {built}, not for {running}. Build it again with "{command}".',
    es: 'El módulo nativo del almacén en {path} se compiló para Electron {built}, no para {running}. Vuelva a generarlo con "{command}".',
  },

  'key.invalid_env': {
    class: 'invalid-input',
    en: 'CASEDESK_DB_KEY must be 64 hexadecimal characters (256 bits).',
    es: 'CASEDESK_DB_KEY debe tener 64 caracteres hexadecimales (256 bits).',
  },
  'key.missing': {
    class: 'not-found',
    en: 'The key of this data folder is not here (looked in {where}). Its store cannot be opened: was the folder copied from another machine or user?',
    es: 'La clave de esta carpeta de datos no está aquí (se buscó en {where}). Su almacén no se puede abrir: ¿se copió la carpeta desde otra máquina u otro usuario?',
  },
  'key.keychain_required': {
    class: 'forbidden',
    en: 'Your organization requires the store’s key to be kept in the OS keychain, and this machine has none. Ask IT to enable it, or to set CASEDESK_DB_KEY.',
    es: 'Su organización exige guardar la clave del almacén en el llavero del sistema, y esta máquina no tiene uno. Pida a sistemas que lo habilite, o que defina CASEDESK_DB_KEY.',
  },
  'key.marker_unreadable': { class: 'forbidden', en: '{file} is not a CaseDesk key marker.', es: '{file} no es un marcador de clave de CaseDesk.' },
  'key.file_damaged': { class: 'forbidden', en: 'The key file {file} is damaged.', es: 'El archivo de clave {file} está dañado.' },
  'key.file_not_private': {
    class: 'forbidden',
    en: 'The key file {file} can be read by other users of this computer, and CaseDesk cannot make it private (it or its folder belongs to another user). Make it readable only by you (chmod 600, and 700 for its folder), or set CASEDESK_DB_KEY.',
    es: 'Otros usuarios de este equipo pueden leer el archivo de clave {file}, y CaseDesk no puede hacerlo privado (el archivo o su carpeta pertenecen a otro usuario). Haga que solo usted pueda leerlo (chmod 600, y 700 para su carpeta), o defina CASEDESK_DB_KEY.',
  },
  'key.file_in_data_folder': {
    class: 'invalid-input',
    en: 'The key file {keyFile} would be inside the data folder {dataDir}, so a copy of the folder would carry its key. Set CASEDESK_CONFIG_DIR to a folder outside it (moving the key file there, if it exists), or use another data folder.',
    es: 'El archivo de clave {keyFile} quedaría dentro de la carpeta de datos {dataDir}, y una copia de la carpeta llevaría su clave. Defina CASEDESK_CONFIG_DIR con una carpeta fuera de ella (y mueva allí el archivo de clave, si existe), o use otra carpeta de datos.',
  },
} as const satisfies Record<string, CatalogEntry>;
