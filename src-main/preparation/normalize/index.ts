// Cell normalizers of case preparation: pure functions from one spreadsheet cell to a result.
export { normalizePhoneCell, mergeCasePhones, normalizeAreaCode } from './phones';
export type { PhoneCellResult, PhoneCellOptions, NormalizedPhone, DroppedPhonePiece, PhoneDropReason, PhoneChange } from './phones';
export { normalizeAmount } from './amounts';
export type { AmountResult, AmountOptions } from './amounts';
export { normalizeDate } from './dates';
export type { DateResult, DateOptions, DateOrder } from './dates';
export { cleanText, cleanCode } from './text';
