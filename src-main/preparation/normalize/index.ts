// Cell normalizers of case preparation: pure functions from one spreadsheet cell to a result.
export { normalizePhoneCell, mergeCasePhones, normalizeAreaCode } from './phones';
export type { PhoneCellResult, PhoneCellOptions, NormalizedPhone, DroppedPhonePiece, PhoneDropReason, PhoneChange } from './phones';
export { normalizeAmount } from './amounts';
export type { AmountResult, AmountOptions } from './amounts';
export { normalizeDate } from './dates';
export type { DateResult, DateOptions, DateOrder } from './dates';
export { cleanText, cleanCode } from './text';
export { nationalNumberProblem, placeholderPattern, phoneReadingProblem } from './argentine-phone-checks';
export type { PhoneProblem, PhoneProblemReason, PlaceholderPattern } from './argentine-phone-checks';
export { checkCaseCode, cuitCheckDigit, DNI_MIN } from './argentine-ids';
export type { CaseCodeCheck } from './argentine-ids';
