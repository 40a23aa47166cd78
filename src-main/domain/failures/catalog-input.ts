// The words of an input's problem (input-problem.ts): not failures of their own but the {problem} of
// input.invalid, cli.mapping_invalid and policy.invalid_key, nested by the formatter (failure.ts).
// Inside a problem's words, {expected}, {measure}, {bound} and {format} are themselves words from here.
import type { CatalogEntry } from './failure-class';

export const INPUT_WORDS = {
  'input.problem.missing': { class: 'notice', en: 'is missing', es: 'falta' },
  'input.problem.type': { class: 'notice', en: 'must be {expected}', es: 'debe ser {expected}' },
  'input.problem.too_small': { class: 'notice', en: 'must {measure}', es: 'debe {measure}' },
  'input.problem.too_big': { class: 'notice', en: 'must {measure}', es: 'debe {measure}' },
  'input.problem.format': { class: 'notice', en: 'must be written {format}', es: 'debe escribirse {format}' },
  'input.problem.choice': { class: 'notice', en: 'must be one of: {choices}', es: 'debe ser uno de estos valores: {choices}' },
  'input.problem.unknown_key': { class: 'notice', en: 'has keys it does not take: {keys}', es: 'tiene claves que no admite: {keys}' },
  'input.problem.other': { class: 'notice', en: 'is not valid', es: 'no es válido' },
  'input.problem.order': { class: 'notice', en: 'must be later than {after}', es: 'debe ser posterior a {after}' },
  'input.problem.repeated': { class: 'notice', en: 'names the same value more than once', es: 'repite un mismo valor' },
  'input.problem.one_of': { class: 'notice', en: 'needs one of: {keys}', es: 'necesita uno de: {keys}' },
  'input.problem.same_as': { class: 'notice', en: 'must equal {field} ({value})', es: 'debe ser igual a {field} ({value})' },

  'input.kind.text': { class: 'notice', en: 'text', es: 'un texto' },
  'input.kind.number': { class: 'notice', en: 'a number', es: 'un número' },
  'input.kind.whole_number': { class: 'notice', en: 'a whole number', es: 'un número entero' },
  'input.kind.true_false': { class: 'notice', en: 'true or false', es: 'true o false' },
  'input.kind.list': { class: 'notice', en: 'a list', es: 'una lista' },
  'input.kind.object': { class: 'notice', en: 'an object', es: 'un objeto' },

  'input.measure.length': { class: 'notice', en: 'be {bound} {limit} character(s) long', es: 'tener {bound} {limit} carácter(es)' },
  'input.measure.count': { class: 'notice', en: 'have {bound} {limit} item(s)', es: 'tener {bound} {limit} elemento(s)' },
  'input.measure.value': { class: 'notice', en: 'be {bound} {limit}', es: 'ser {bound} {limit}' },

  'input.bound.at_least': { class: 'notice', en: 'at least', es: 'al menos' },
  'input.bound.at_most': { class: 'notice', en: 'at most', es: 'como máximo' },
  'input.bound.exactly': { class: 'notice', en: 'exactly', es: 'exactamente' },
  'input.bound.more_than': { class: 'notice', en: 'more than', es: 'mayor que' },
  'input.bound.less_than': { class: 'notice', en: 'less than', es: 'menor que' },

  'input.format.email': { class: 'notice', en: 'as an e-mail address', es: 'como una dirección de correo electrónico' },
  'input.format.date': { class: 'notice', en: 'as a date YYYY-MM-DD', es: 'como una fecha AAAA-MM-DD' },
  'input.format.datetime': { class: 'notice', en: 'as an ISO date and time', es: 'como una fecha y hora ISO' },
  'input.format.time': { class: 'notice', en: 'as a time HH:MM', es: 'como una hora HH:MM' },
  'input.format.area_code': {
    class: 'notice',
    en: 'as an area code: 2 to 4 digits, no leading 0',
    es: 'como una característica: de 2 a 4 dígitos, sin 0 adelante',
  },
  'input.format.signing_key': {
    class: 'notice',
    en: 'as an Ed25519 public key in base64 (32 bytes, or its SPKI) or PEM',
    es: 'como una clave pública Ed25519 en base64 (32 bytes, o su SPKI) o PEM',
  },
  'input.format.pattern': { class: 'notice', en: 'in the expected format', es: 'en el formato esperado' },
} as const satisfies Record<string, CatalogEntry>;
