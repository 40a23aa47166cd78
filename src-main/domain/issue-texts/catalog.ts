// The words of preparation's issues, by stable code, in English and Spanish, in vue-i18n's
// placeholder syntax ({name}) like the failure catalog: the renderer registers it as it is (every
// code starts with `issue.`, its first level), the CLI and the exports format it themselves.
// Some entries are parts of others (a reason, a list's name, a field's label): the variant logic
// (wording.ts) passes them as nested texts, which each edge words first.

/** One issue text's words, the same placeholders in both (except issue.legacy, see there). */
export interface IssueTextEntry {
  en: string;
  es: string;
}

export const ISSUE_TEXTS = {
  'issue.phone_fixed': { en: 'Phone "{before}" corrected to {after}', es: 'Teléfono "{before}" corregido a {after}' },
  'issue.phone_dropped': { en: '"{before}" was dropped ({reason})', es: 'Se descartó "{before}" ({reason})' },
  'issue.phone_duplicate': { en: 'Phone {phone} repeated; one kept', es: 'Teléfono {phone} repetido; se dejó uno' },
  'issue.no_valid_phones': { en: 'The case has no valid phone', es: 'El caso no tiene ningún teléfono válido' },
  'issue.too_many_phones': {
    en: 'The case has {total} phones; the campaign takes {kept}, the first ones are used',
    es: 'El caso tiene {total} teléfonos; la campaña admite {kept} y se usan los primeros',
  },
  'issue.name_differs': {
    en: '{field} differs in another row ("{other}"); "{first}" is used',
    es: '{field} distinto en otra fila ("{other}"); se usa "{first}"',
  },
  'issue.name_missing': { en: '{field} is missing', es: 'Falta {field}' },
  'issue.amount_fixed': { en: 'Amount "{before}" read as {after}', es: 'Importe "{before}" leído como {after}' },
  'issue.amount_ambiguous': {
    en: 'Amount "{before}" is ambiguous; read as {after}: check it',
    es: 'Importe "{before}" es ambiguo; se leyó como {after}: verifíquelo',
  },
  'issue.amount_invalid': { en: 'Amount "{before}" is not valid ({reason})', es: 'Importe "{before}" no válido ({reason})' },
  'issue.date_fixed': { en: 'Date "{before}" read as {after}', es: 'Fecha "{before}" leída como {after}' },
  'issue.date_invalid': { en: 'Date "{before}" is not valid ({reason})', es: 'Fecha "{before}" no válida ({reason})' },
  'issue.product_field_missing': { en: 'The product is missing its {field}', es: 'Al producto le falta: {field}' },
  // {detail}: one of the issue.rule texts below (or, for issues stored before rules were data, the service's sentence).
  'issue.service_rule': { en: 'The service would reject it: {detail}', es: 'El servicio lo rechazaría: {detail}' },
  'issue.cuit_check_digit': {
    en: 'Code {code} looks like a CUIT/CUIL, but its check digit should be {expected}: check it',
    es: 'El código {code} parece un CUIT/CUIL, pero su dígito verificador debería ser {expected}: verifíquelo',
  },
  'issue.cuit_no_check_digit': {
    en: 'Code {code} looks like a CUIT/CUIL, but no check digit fits its first ten digits: check it',
    es: 'El código {code} parece un CUIT/CUIL, pero ningún dígito verificador sirve con esos primeros diez dígitos: verifíquelo',
  },
  'issue.dni_out_of_range': {
    en: 'Code {code} looks like a DNI, but {value} is below 1,000,000: check it',
    es: 'El código {code} parece un DNI, pero {value} es menor que 1.000.000: verifíquelo',
  },
  // Stored by batches prepared before duplicate-in-campaign replaced it: their words stay readable.
  'issue.already_uploaded': {
    en: 'This code was already loaded to campaign {campaign} (batch {batch})',
    es: 'Este código ya se cargó en la campaña {campaign} (lote {batch})',
  },
  'issue.duplicate_other_batch': {
    en: 'This code is also in batch {batch}, not uploaded yet: the debtor would be called twice',
    es: 'Este código también está en el lote {batch}, todavía sin cargar: el deudor se llamaría dos veces',
  },
  'issue.duplicate_in_campaign': {
    en: 'Campaign {campaign} already holds this code (loaded from batch {batch}); the upload skips it unless you choose to load it again',
    es: 'La campaña {campaign} ya tiene este código (cargado desde el lote {batch}); la carga lo saltea salvo que elija cargarlo de nuevo',
  },
  'issue.duplicate_in_campaign_results': {
    en: 'Campaign {campaign} already holds this code (its downloaded results show it); the upload skips it unless you choose to load it again',
    es: 'La campaña {campaign} ya tiene este código (según sus resultados descargados); la carga lo saltea salvo que elija cargarlo de nuevo',
  },
  'issue.shared_phone': {
    en: 'Phone {phone} is shared by {debtors} different debtors of this batch: a switchboard or a placeholder?',
    es: 'El teléfono {phone} lo tienen {debtors} deudores distintos de este lote: ¿un conmutador o un número de relleno?',
  },
  'issue.suppressed_phone': {
    en: 'Phone {phone} is on {list} ({reason}); it was taken off the case',
    es: 'El teléfono {phone} está en {list} ({reason}); se quitó del caso',
  },
  'issue.suppressed_code': {
    en: 'This code is on {list} ({reason}); the case is not loaded',
    es: 'Este código está en {list} ({reason}); el caso no se carga',
  },
  'issue.suppressed_no_phones': {
    en: 'Every phone of the case ({count}) is on the do-not-contact list; it cannot be called and is not loaded',
    es: 'Todos los teléfonos del caso ({count}) están en la lista de no contactar; no se lo puede llamar y no se carga',
  },
  'issue.ledger_released': {
    en: 'A do-not-contact entry was removed or has expired: what it held back is back in the case',
    es: 'Una entrada de la lista de no contactar se quitó o venció: lo que había retenido vuelve al caso',
  },
  'issue.edited': { en: '{field} edited: "{before}" → "{after}"', es: '{field} editado: "{before}" → "{after}"' },
  'issue.row_no_code': {
    en: 'Row {row}: it has data but no case code (column "{column}"); is it a totals row?',
    es: 'Fila {row}: tiene datos pero no tiene código de caso (columna "{column}"); ¿es una fila de totales?',
  },

  // The normalizers' reasons (nested in phone_dropped, amount_invalid, date_invalid).
  'issue.reason.empty': { en: 'empty', es: 'vacío' },
  'issue.reason.not_a_number': { en: 'not a number', es: 'no es un número' },
  'issue.reason.negative': { en: 'negative', es: 'negativo' },
  'issue.reason.impossible': { en: 'no such date', es: 'esa fecha no existe' },
  'issue.reason.unreadable': { en: 'not readable as a date', es: 'no se entiende como fecha' },
  'issue.reason.extension': { en: 'it is an extension', es: 'es un interno' },
  'issue.reason.junk': { en: 'not a phone number', es: 'no es un teléfono' },
  'issue.reason.no_area_code': { en: 'no area code', es: 'falta el código de área' },
  'issue.reason.invalid': { en: 'not a valid number', es: 'no es un número válido' },
  'issue.reason.duplicate': { en: 'repeated', es: 'repetido' },
  // Why a phone number cannot be real: these name the number's parts.
  'issue.phone_reason.same_number': { en: 'the same number as {same}, written another way', es: 'es el mismo número que {same}, escrito de otra forma' },
  'issue.phone_reason.placeholder_sequence': {
    en: 'a placeholder: a run of digits, like 1234567',
    es: 'es un número de relleno: dígitos seguidos, como 1234567',
  },
  'issue.phone_reason.placeholder_repeated': { en: 'a placeholder: one digit repeated', es: 'es un número de relleno: el mismo dígito repetido' },
  'issue.phone_reason.starts_0_1_after_area': {
    en: 'no number starts with {first} after area code {area}',
    es: 'después del código de área {area} ningún número empieza con {first}',
  },
  'issue.phone_reason.starts_0_1': {
    en: 'no number starts with {first} after the area code',
    es: 'después del código de área ningún número empieza con {first}',
  },
  'issue.phone_reason.too_short_after_15_area': {
    en: 'without the 15 it has {digits} digits left; area code {area} needs {needed}',
    es: 'sin el 15 le quedan {digits} cifras y con el código de área {area} hacen falta {needed}',
  },
  'issue.phone_reason.too_short_after_15': {
    en: 'without the 15 it has {digits} digits left; at least {needed} are needed',
    es: 'sin el 15 le quedan {digits} cifras; hacen falta al menos {needed}',
  },
  'issue.phone_reason.unknown_area_code': {
    en: 'it does not start with any Argentine area code',
    es: 'no empieza con ningún código de área de Argentina',
  },
  // The service's upload rules (contract/upload-rules.ts), nested in service_rule.
  'issue.rule.phone.digits_only': {
    en: 'phone "{phone}" has characters that are not digits',
    es: 'el teléfono "{phone}" tiene caracteres que no son dígitos',
  },
  'issue.rule.phone.trunk_prefix': { en: 'phone {phone} starts with the trunk prefix 0', es: 'el teléfono {phone} empieza con el 0 de larga distancia' },
  'issue.rule.phone.mobile_prefix': {
    en: 'phone {phone} starts with the mobile prefix 15, with no area code',
    es: 'el teléfono {phone} empieza con el 15 de los celulares, sin código de área',
  },
  'issue.rule.phone.length': {
    en: 'phone {phone} has {digits} digits; a complete number (area code and number) has {needed}',
    es: 'el teléfono {phone} tiene {digits} cifras; un número completo (código de área y número) tiene {needed}',
  },
  'issue.rule.phones.none': { en: 'the case has no phone', es: 'el caso no tiene ningún teléfono' },
  'issue.rule.phones.too_many': {
    en: 'the case has {count} phones; the campaign takes at most {max}',
    es: 'el caso tiene {count} teléfonos; la campaña admite como máximo {max}',
  },
  'issue.rule.products.none': { en: 'the case has no product', es: 'el caso no tiene ningún producto' },
  'issue.rule.product.debt_format': {
    en: 'the amount "{debt}" of product {number} must have a decimal point, like 1500.00',
    es: 'el saldo "{debt}" del producto {number} tiene que llevar punto decimal, como 1500.00',
  },
  'issue.rule.product.expiration_date': {
    en: 'the due date "{expiration}" of product {number} is not a real date (YYYY-MM-DD)',
    es: 'el vencimiento "{expiration}" del producto {number} no es una fecha real (AAAA-MM-DD)',
  },
  // The shape of a case (a body CaseDesk did not build); {field} is a field's label.
  'issue.rule.shape.missing': { en: '{field} is missing', es: 'falta {field}' },
  'issue.rule.shape.type': { en: '{field} has the wrong type of value', es: '{field} tiene un tipo de valor que no corresponde' },
  'issue.rule.shape.too_long': { en: '{field} is too long (at most {max})', es: '{field} es demasiado largo (como máximo {max})' },
  'issue.rule.shape.too_short': { en: '{field} is too short (at least {min})', es: '{field} es demasiado corto (como mínimo {min})' },
  'issue.rule.shape.format': { en: '{field} is not in the expected format', es: '{field} no tiene el formato esperado' },
  'issue.rule.shape.other': { en: '{field} is not valid', es: '{field} no es válido' },
  // The do-not-contact lists and their reasons (see preparation/ledger).
  'issue.dnc_list.own': { en: 'the do-not-contact list', es: 'la lista de no contactar' },
  'issue.dnc_list.shared': { en: "the organization's do-not-contact list", es: 'la lista de no contactar de la organización' },
  'issue.dnc_reason.debtor_asked': { en: 'the debtor asked', es: 'lo pidió el deudor' },
  'issue.dnc_reason.wrong_number': { en: 'wrong number', es: 'número equivocado' },
  'issue.dnc_reason.deceased': { en: 'deceased', es: 'fallecido' },
  'issue.dnc_reason.legal': { en: 'legal proceedings', es: 'en trámite legal' },
  'issue.dnc_reason.creditor_instruction': { en: "creditor's instruction", es: 'instrucción del acreedor' },
  'issue.dnc_reason.other': { en: 'other reason', es: 'otro motivo' },
  // Case fields in the agent's words (nested in edited).
  'issue.field.first_name': { en: 'First name', es: 'Nombre' },
  'issue.field.last_name': { en: 'Last name', es: 'Apellido' },
  'issue.field.phones': { en: 'Phones', es: 'Teléfonos' },
  'issue.field.status': { en: 'Status', es: 'Estado' },
  'issue.field.case': { en: 'Case', es: 'Caso' },
  'issue.field.code': { en: 'Code', es: 'Código' },
  'issue.field.debt_code': { en: 'debt code', es: 'nro. de operación' },
  'issue.field.pid': { en: 'product name', es: 'nombre del producto' },
  'issue.field.sub_id': { en: 'sub-product', es: 'subproducto' },
  'issue.field.debt': { en: 'amount', es: 'saldo' },
  'issue.field.expiration': { en: 'due date', es: 'vencimiento' },
  /** "Phone 2": a phone of the upload body, by its place in the case's list. */
  'issue.field.phone_number': { en: 'Phone {number}', es: 'Teléfono {number}' },
  /** "Product 2, amount": a product's field; {part} is one of the field labels above. */
  'issue.field.product_part': { en: 'Product {number}, {part}', es: 'Producto {number}, {part}' },

  // A word the catalog has no entry for (a reason or field a newer CaseDesk added, an unknown kind): shown as it is.
  'issue.verbatim': { en: '{text}', es: '{text}' },
  // Words stored before issue texts were data (case issues before store migration 4, row issues
  // before 10): no kind and params to word them from, so each language shows its own stored words.
  // The one entry whose placeholders differ between languages (the catalog test knows it).
  'issue.legacy': { en: '{en}', es: '{es}' },
} as const satisfies Record<string, IssueTextEntry>;
