// The words of preparation's issues, by stable code, in English and Spanish, in vue-i18n's
// placeholder syntax ({name}) like the failure catalog: the renderer registers it as it is (every
// code starts with `issue.`, its first level), the CLI and the exports format it themselves.
// Some entries are parts of others (a reason, a list's name, a field's label): the variant logic
// (wording.ts) passes them as nested texts, which each edge words first.
// Written as a table, a code to its [English, Spanish] words.

/** One issue text's words, the same placeholders in both (except issue.legacy, see there). */
export interface IssueTextEntry {
  en: string;
  es: string;
}

/** The table's rows as entries; the codes stay the keys' literal types. */
function entries<Code extends string>(table: Record<Code, readonly [en: string, es: string]>): Record<Code, IssueTextEntry> {
  const out = {} as Record<Code, IssueTextEntry>;
  for (const code of Object.keys(table) as Code[]) {
    const [en, es] = table[code];
    out[code] = { en, es };
  }
  return out;
}

export const ISSUE_TEXTS = entries({
  'issue.phone_fixed': ['Phone "{before}" corrected to {after}', 'Teléfono "{before}" corregido a {after}'],
  'issue.phone_dropped': ['"{before}" was dropped ({reason})', 'Se descartó "{before}" ({reason})'],
  'issue.phone_duplicate': ['Phone {phone} repeated; one kept', 'Teléfono {phone} repetido; se dejó uno'],
  'issue.no_valid_phones': ['The case has no valid phone', 'El caso no tiene ningún teléfono válido'],
  'issue.too_many_phones': [
    'The case has {total} phones; the campaign takes {kept}, the first ones are used',
    'El caso tiene {total} teléfonos; la campaña admite {kept} y se usan los primeros',
  ],
  'issue.name_differs': ['{field} differs in another row ("{other}"); "{first}" is used', '{field} distinto en otra fila ("{other}"); se usa "{first}"'],
  'issue.name_missing': ['{field} is missing', 'Falta {field}'],
  'issue.amount_fixed': ['Amount "{before}" read as {after}', 'Importe "{before}" leído como {after}'],
  'issue.amount_ambiguous': ['Amount "{before}" is ambiguous; read as {after}: check it', 'Importe "{before}" es ambiguo; se leyó como {after}: verifíquelo'],
  'issue.amount_invalid': ['Amount "{before}" is not valid ({reason})', 'Importe "{before}" no válido ({reason})'],
  'issue.value.amount': ['{sign}{whole}{point}{cents}', '{sign} {whole}{point}{cents}'],
  'issue.value.grouped': ['{head}{mark}{tail}', '{head}{mark}{tail}'],
  'issue.value.thousands': [',', '.'],
  'issue.value.decimal': ['.', ','],
  'issue.value.date': ['{year}-{month}-{day}', '{day}/{month}/{year}'],
  'issue.date_fixed': ['Date "{before}" read as {after}', 'Fecha "{before}" leída como {after}'],
  'issue.date_invalid': ['Date "{before}" is not valid ({reason})', 'Fecha "{before}" no válida ({reason})'],
  'issue.product_field_missing': ['The product is missing its {field}', 'Al producto le falta: {field}'],
  // {detail}: one of the issue.rule texts below (or, for issues stored before rules were data, the service's sentence).
  'issue.service_rule': ['The service would reject it: {detail}', 'El servicio lo rechazaría: {detail}'],
  'issue.cuit_check_digit': [
    'Code {code} looks like a CUIT/CUIL, but its check digit should be {expected}: check it',
    'El código {code} parece un CUIT/CUIL, pero su dígito verificador debería ser {expected}: verifíquelo',
  ],
  'issue.cuit_no_check_digit': [
    'Code {code} looks like a CUIT/CUIL, but no check digit fits its first ten digits: check it',
    'El código {code} parece un CUIT/CUIL, pero ningún dígito verificador sirve con esos primeros diez dígitos: verifíquelo',
  ],
  'issue.dni_out_of_range': [
    'Code {code} looks like a DNI, but {value} is below 1,000,000: check it',
    'El código {code} parece un DNI, pero {value} es menor que 1.000.000: verifíquelo',
  ],
  // Stored by batches prepared before duplicate-in-campaign replaced it: their words stay readable.
  'issue.already_uploaded': [
    'This code was already loaded to campaign {campaign} (batch {batch})',
    'Este código ya se cargó en la campaña {campaign} (lote {batch})',
  ],
  'issue.duplicate_other_batch': [
    'This code is also in batch {batch}, not uploaded yet: the debtor would be called twice',
    'Este código también está en el lote {batch}, todavía sin cargar: el deudor se llamaría dos veces',
  ],
  'issue.duplicate_in_campaign': [
    'Campaign {campaign} already holds this code (loaded from batch {batch}); the upload skips it unless you choose to load it again',
    'La campaña {campaign} ya tiene este código (cargado desde el lote {batch}); la carga lo saltea salvo que elija cargarlo de nuevo',
  ],
  'issue.duplicate_in_campaign_results': [
    'Campaign {campaign} already holds this code (its downloaded results show it); the upload skips it unless you choose to load it again',
    'La campaña {campaign} ya tiene este código (según sus resultados descargados); la carga lo saltea salvo que elija cargarlo de nuevo',
  ],
  'issue.shared_phone': [
    'Phone {phone} is shared by {debtors} different debtors of this batch: a switchboard or a placeholder?',
    'El teléfono {phone} lo tienen {debtors} deudores distintos de este lote: ¿un conmutador o un número de relleno?',
  ],
  'issue.suppressed_phone': [
    'Phone {phone} is on {list} ({reason}); it was taken off the case',
    'El teléfono {phone} está en {list} ({reason}); se quitó del caso',
  ],
  'issue.suppressed_code': ['This code is on {list} ({reason}); the case is not loaded', 'Este código está en {list} ({reason}); el caso no se carga'],
  'issue.suppressed_code_cuit_dni': [
    'This code is the CUIT/CUIL of DNI {listed}, which is on {list} ({reason}); the case is not loaded',
    'Este código es el CUIT/CUIL del DNI {listed}, que está en {list} ({reason}); el caso no se carga',
  ],
  'issue.suppressed_code_dni_cuit': [
    'This code is the DNI inside CUIT/CUIL {listed}, which is on {list} ({reason}); the case is not loaded',
    'Este código es el DNI del CUIT/CUIL {listed}, que está en {list} ({reason}); el caso no se carga',
  ],
  'issue.suppressed_code_written': [
    'This code is {listed} written another way, which is on {list} ({reason}); the case is not loaded',
    'Este código es {listed} escrito de otra forma, que está en {list} ({reason}); el caso no se carga',
  ],
  'issue.suppressed_no_phones': [
    'Every phone of the case ({count}) is on the do-not-contact list; it cannot be called and is not loaded',
    'Todos los teléfonos del caso ({count}) están en la lista de no contactar; no se lo puede llamar y no se carga',
  ],
  'issue.ledger_released': [
    'A do-not-contact entry was removed or has expired: what it held back is back in the case',
    'Una entrada de la lista de no contactar se quitó o venció: lo que había retenido vuelve al caso',
  ],
  'issue.edited': ['{field} edited: "{before}" → "{after}"', 'Cambio en {field}: «{before}» → «{after}»'],
  'issue.edited_excluded': ['Case left out of the upload by the agent', 'Caso excluido de la carga por el agente'],
  'issue.edited_included': ['Case brought back into the upload by the agent', 'Caso devuelto a la carga por el agente'],
  'issue.row_no_code': [
    'Row {row}: it has data but no case code (column "{column}"); is it a totals row?',
    'Fila {row}: tiene datos pero no tiene código de caso (columna "{column}"); ¿es una fila de totales?',
  ],

  // The normalizers' reasons (nested in phone_dropped, amount_invalid, date_invalid).
  'issue.reason.empty': ['empty', 'vacío'],
  'issue.reason.not_a_number': ['not a number', 'no es un número'],
  'issue.reason.negative': ['negative', 'negativo'],
  'issue.reason.impossible': ['no such date', 'esa fecha no existe'],
  'issue.reason.unreadable': ['not readable as a date', 'no se entiende como fecha'],
  'issue.reason.extension': ['it is an extension', 'es un interno'],
  'issue.reason.junk': ['not a phone number', 'no es un teléfono'],
  'issue.reason.no_area_code': ['no area code', 'falta el código de área'],
  'issue.reason.invalid': ['not a valid number', 'no es un número válido'],
  'issue.reason.duplicate': ['repeated', 'repetido'],
  // Why a phone number cannot be real: these name the number's parts.
  'issue.phone_reason.same_number': ['the same number as {same}, written another way', 'es el mismo número que {same}, escrito de otra forma'],
  'issue.phone_reason.placeholder_sequence': ['a placeholder: a run of digits, like 1234567', 'es un número de relleno: dígitos seguidos, como 1234567'],
  'issue.phone_reason.placeholder_repeated': ['a placeholder: one digit repeated', 'es un número de relleno: el mismo dígito repetido'],
  'issue.phone_reason.starts_0_1_after_area': [
    'no number starts with {first} after area code {area}',
    'después del código de área {area} ningún número empieza con {first}',
  ],
  'issue.phone_reason.starts_0_1': ['no number starts with {first} after the area code', 'después del código de área ningún número empieza con {first}'],
  'issue.phone_reason.too_short_after_15_area': [
    'without the 15 it has {digits} digits left; area code {area} needs {needed}',
    'sin el 15 le quedan {digits} cifras y con el código de área {area} hacen falta {needed}',
  ],
  'issue.phone_reason.too_short_after_15': [
    'without the 15 it has {digits} digits left; at least {needed} are needed',
    'sin el 15 le quedan {digits} cifras; hacen falta al menos {needed}',
  ],
  'issue.phone_reason.unknown_area_code': ['it does not start with any Argentine area code', 'no empieza con ningún código de área de Argentina'],
  // The service's upload rules (contract/upload-rules.ts), nested in service_rule.
  'issue.rule.phone.digits_only': ['phone "{phone}" has characters that are not digits', 'el teléfono "{phone}" tiene caracteres que no son dígitos'],
  'issue.rule.phone.trunk_prefix': ['phone {phone} starts with the trunk prefix 0', 'el teléfono {phone} empieza con el 0 de larga distancia'],
  'issue.rule.phone.mobile_prefix': [
    'phone {phone} starts with the mobile prefix 15, with no area code',
    'el teléfono {phone} empieza con el 15 de los celulares, sin código de área',
  ],
  'issue.rule.phone.length': [
    'phone {phone} has {digits} digits; a complete number (area code and number) has {needed}',
    'el teléfono {phone} tiene {digits} cifras; un número completo (código de área y número) tiene {needed}',
  ],
  'issue.rule.phones.none': ['the case has no phone', 'el caso no tiene ningún teléfono'],
  'issue.rule.phones.too_many': [
    'the case has {count} phones; the campaign takes at most {max}',
    'el caso tiene {count} teléfonos; la campaña admite como máximo {max}',
  ],
  'issue.rule.products.none': ['the case has no product', 'el caso no tiene ningún producto'],
  'issue.rule.product.debt_format': [
    'the amount "{debt}" of product {number} must have a decimal point, like 1500.00',
    'el saldo "{debt}" del producto {number} tiene que llevar punto decimal, como 1500.00',
  ],
  'issue.rule.product.expiration_date': [
    'the due date "{expiration}" of product {number} is not a real date (YYYY-MM-DD)',
    'el vencimiento "{expiration}" del producto {number} no es una fecha real (AAAA-MM-DD)',
  ],
  // The shape of a case (a body CaseDesk did not build); {field} is a field's label.
  'issue.rule.shape.missing': ['{field} is missing', 'falta {field}'],
  'issue.rule.shape.type': ['{field} has the wrong type of value', '{field} tiene un tipo de valor que no corresponde'],
  'issue.rule.shape.too_long': ['{field} is too long (at most {max})', '{field} es demasiado largo (como máximo {max})'],
  'issue.rule.shape.too_short': ['{field} is too short (at least {min})', '{field} es demasiado corto (como mínimo {min})'],
  'issue.rule.shape.format': ['{field} is not in the expected format', '{field} no tiene el formato esperado'],
  'issue.rule.shape.other': ['{field} is not valid', '{field} no es válido'],
  // The do-not-contact lists and their reasons (see preparation/ledger).
  'issue.dnc_list.own': ['the do-not-contact list', 'la lista de no contactar'],
  'issue.dnc_list.shared': ["the organization's do-not-contact list", 'la lista de no contactar de la organización'],
  'issue.dnc_reason.debtor_asked': ['the debtor asked', 'lo pidió el deudor'],
  'issue.dnc_reason.wrong_number': ['wrong number', 'número equivocado'],
  'issue.dnc_reason.deceased': ['deceased', 'fallecido'],
  'issue.dnc_reason.legal': ['legal proceedings', 'en trámite legal'],
  'issue.dnc_reason.creditor_instruction': ["creditor's instruction", 'instrucción del acreedor'],
  'issue.dnc_reason.other': ['other reason', 'otro motivo'],
  // Case fields in the agent's words (nested in edited).
  'issue.field.first_name': ['First name', 'Nombre'],
  'issue.field.last_name': ['Last name', 'Apellido'],
  'issue.field.phones': ['Phones', 'Teléfonos'],
  'issue.field.status': ['Status', 'Estado'],
  'issue.field.case': ['Case', 'Caso'],
  'issue.field.code': ['Code', 'Código'],
  'issue.field.debt_code': ['debt code', 'nro. de operación'],
  'issue.field.pid': ['product name', 'nombre del producto'],
  'issue.field.sub_id': ['sub-product', 'subproducto'],
  'issue.field.debt': ['amount', 'saldo'],
  'issue.field.expiration': ['due date', 'vencimiento'],
  /** "Phone 2": a phone of the upload body, by its place in the case's list. */
  'issue.field.phone_number': ['Phone {number}', 'Teléfono {number}'],
  /** "Product 2, amount": a product's field; {part} is one of the field labels above. */
  'issue.field.product_part': ['Product {number}, {part}', 'Producto {number}, {part}'],

  // A word the catalog has no entry for (a reason or field a newer CaseDesk added, an unknown kind): shown as it is.
  'issue.verbatim': ['{text}', '{text}'],
  // Words stored before issue texts were data (case issues before store migration 4, row issues
  // before 10): no kind and params to word them from, so each language shows its own stored words.
  // The one entry whose placeholders differ between languages (the catalog test knows it).
  'issue.legacy': ['{en}', '{es}'],
});
