// Argentine numbers that have a phone's shape but cannot be a line: placeholders typed to fill a
// column, subscriber numbers starting with 0 or 1, a 15 (the old mobile prefix) that leaves too few
// digits, area codes that do not exist. Pure: digits in, a reason with its values out.
// Area codes come from libphonenumber-js's metadata (argentineAreaCodes), never from a table here.
import { isAreaCodeAt, type DigitsReading } from './phone-number';

export type PlaceholderPattern = 'repeated-digit' | 'sequence';

/** Why a number cannot be real, with the values its message names. */
export type PhoneProblem =
  | { reason: 'placeholder'; pattern: PlaceholderPattern }
  /** `area` null (here and below): written without one, and no default area code. */
  | { reason: 'subscriber-starts-0-1'; area: string | null; subscriber: string }
  | { reason: 'too-short-after-15'; area: string | null; digits: number; needed: number }
  | { reason: 'unknown-area-code'; national: string };

export type PhoneProblemReason = PhoneProblem['reason'];

// Shorter runs ("12345") are too likely inside real numbers to call them placeholders.
const MIN_PLACEHOLDER = 6;

/**
 * "1111111" (one digit repeated) or "1234567" / "8765432" (each digit one more, or one less, than
 * the one before; no wrap from 9 to 0, so "4567890" is a real Córdoba line). Null otherwise.
 */
export function placeholderPattern(digits: string, from = 0): PlaceholderPattern | null {
  if (digits.length - from < MIN_PLACEHOLDER) return null;
  let same = true;
  let up = true;
  let down = true;
  for (let i = from + 1; i < digits.length; i++) {
    const step = digits.charCodeAt(i) - digits.charCodeAt(i - 1);
    same &&= step === 0;
    up &&= step === 1;
    down &&= step === -1;
    if (!same && !up && !down) return null;
  }
  return same ? 'repeated-digit' : 'sequence';
}

/**
 * Why a 10-digit national number cannot be a real line, or null when it can. Some area codes
 * are the start of longer ones (220 and 2202): the number is impossible only when it is so after
 * every area code it may start with; the reason given is the one after the longest.
 */
export function nationalNumberProblem(national: string): PhoneProblem | null {
  const whole = placeholderPattern(national);
  if (whole) return { reason: 'placeholder', pattern: whole };
  let found: PhoneProblem | null = null;
  for (let length = 4; length >= 2; length--) {
    if (!isAreaCodeAt(national, 0, length)) continue;
    // Most numbers are fine after their area code: told without cutting the subscriber out.
    if (!subscriberHasProblem(national, length)) return null;
    found ??= subscriberProblem(national.slice(0, length), national.slice(length));
  }
  return found ?? { reason: 'unknown-area-code', national };
}

/** Whether subscriberProblem(…, national.slice(from)) gives a problem. */
function subscriberHasProblem(national: string, from: number): boolean {
  const first = national.charCodeAt(from);
  return first === 48 || first === 49 /* 0, 1 (15 included) */ || placeholderPattern(national, from) !== null;
}

function subscriberProblem(area: string, subscriber: string): PhoneProblem | null {
  const pattern = placeholderPattern(subscriber);
  if (pattern) return { reason: 'placeholder', pattern };
  // No subscriber number starts with 1: "351 15 45678" is a mobile whose 15 left 5 digits, not 7.
  if (subscriber.startsWith('15')) return { reason: 'too-short-after-15', area, digits: subscriber.length - 2, needed: subscriber.length };
  if (subscriber.startsWith('0') || subscriber.startsWith('1')) return { reason: 'subscriber-starts-0-1', area, subscriber };
  return null;
}

/**
 * Digits that did not read as a number (`rest`: what was left once the country code, mobile 9 and
 * trunk 0 came off): a reason more precise than "not a valid number", when there is one.
 */
export function unreadableNumberProblem(written: string, rest: string | undefined, defaultArea: string | null): PhoneProblem | null {
  const pattern = placeholderPattern(written) ?? (rest === undefined ? null : placeholderPattern(rest));
  if (pattern) return { reason: 'placeholder', pattern };
  if (rest === undefined) return null;
  if (rest.length === 10) return nationalNumberProblem(rest);
  // 12 digits with a 15 read fine; fewer may be area + 15 + too short a subscriber ("0351 15 456789").
  if (rest.length > 11) return null;
  return shortAfter15(rest) ?? shortMobileWithoutArea(rest, defaultArea);
}

/** "<area> 15 <subscriber>" with fewer subscriber digits than the area code needs. */
function shortAfter15(rest: string): PhoneProblem | null {
  for (let length = 4; length >= 2; length--) {
    if (isAreaCodeAt(rest, 0, length) && rest.startsWith('15', length)) {
      return { reason: 'too-short-after-15', area: rest.slice(0, length), digits: rest.length - length - 2, needed: 10 - length };
    }
  }
  return null;
}

/** "15 45678": a mobile written without its area code, and too short for any (6 digits at least). */
function shortMobileWithoutArea(rest: string, defaultArea: string | null): PhoneProblem | null {
  if (!rest.startsWith('15') || rest.length - 2 >= 6) return null;
  return { reason: 'too-short-after-15', area: defaultArea, digits: rest.length - 2, needed: defaultArea === null ? 6 : 10 - defaultArea.length };
}

/**
 * A number written without its area code ("4567-8901", "15 4567-8901") that no area code can
 * make real: a placeholder, a 15 leaving too few digits for the default area code (or any), or a
 * subscriber starting with 1.
 */
function withoutAreaProblem(written: string, rest: string, defaultArea: string | null): PhoneProblem | null {
  const subscriber = rest.startsWith('15') ? rest.slice(2) : rest;
  const pattern = placeholderPattern(written) ?? placeholderPattern(subscriber);
  if (pattern) return { reason: 'placeholder', pattern };
  if (rest.startsWith('15')) {
    const needed = defaultArea === null ? 6 : 10 - defaultArea.length;
    return subscriber.length < needed ? { reason: 'too-short-after-15', area: defaultArea, digits: subscriber.length, needed } : null;
  }
  if (rest.startsWith('0') || rest.startsWith('1')) return { reason: 'subscriber-starts-0-1', area: defaultArea, subscriber: rest };
  return null;
}

/**
 * Why what one piece of a cell read as cannot be a real number (`written`: its digits as typed),
 * or null.
 */
export function phoneReadingProblem(reading: DigitsReading, written: string, defaultArea: string | null): PhoneProblem | null {
  switch (reading.kind) {
    case 'phone':
      return nationalNumberProblem(reading.value);
    case 'invalid':
      return unreadableNumberProblem(written, reading.rest, defaultArea);
    case 'no-area-code':
      return withoutAreaProblem(written, reading.rest, defaultArea);
    default:
      return null;
  }
}
