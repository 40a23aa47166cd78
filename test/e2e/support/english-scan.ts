// What an Argentine agent must never read on a Spanish screen or in a file for the creditor: words
// CaseDesk wrote in English, the service's codes, leaked keys and placeholders, and numbers, dates and
// times written another country's way. Pure: a text in, what was found out.

/** English words CaseDesk could write, as whole words. Words Spanish shares (final, total, error, no) are left out. */
const ENGLISH_WORDS = [
  'the',
  'and',
  'with',
  'from',
  'for',
  'this',
  'that',
  'will',
  'cannot',
  'please',
  'case',
  'cases',
  'batch',
  'batches',
  'upload',
  'uploaded',
  'loaded',
  'rejected',
  'skipped',
  'pending',
  'ready',
  'failed',
  'invalid',
  'campaign',
  'campaigns',
  'phone',
  'phones',
  'results',
  'download',
  'downloaded',
  'settings',
  'cancel',
  'save',
  'close',
  'yes',
  'reason',
  'field',
  'row',
  'status',
  'name',
  'code',
  'debt',
  'amount',
  'date',
  'paused',
  'ongoing',
  'closed',
  'answered',
  'completed',
  'voice',
  'outbound',
  'inbound',
  'busy',
  'voicemail',
  'loading',
  'search',
  'page',
  'unknown',
  'duplicate',
  'duplicates',
  'suppressed',
  'ledger',
  'promise',
  'promises',
];
const ENGLISH = new RegExp(`\\b(${ENGLISH_WORDS.join('|')})\\b`, 'i');

/** The service's constants as it sends them, and other codes a person should not read. */
const CODES = [
  /\b(PAUSED|SCHEDULED|ONGOING|CLOSED|ANSWERED|NOT_ANSWERED|NO_ANSWER|COMPLETED|OUTBOUND|INBOUND|VOICE|WHATSAPP|BUSY|FAILED|VOICEMAIL|PENDING|QUEUED|WRONG_NUMBER|HORIZONTAL_VERTICAL|VERTICAL)\b/,
  /\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/,
  // A procedure by its name ("campaigns:followup").
  /\b(session|environments|files|batches|results|campaigns|diagnostics|ledger|sync|inbound|settings|recordings|workstation):[a-zA-Z]+\b/,
  // A failure or text key ("batch.table.phones", "failures.read.too_large").
  /\b(failures|issue|input|line|help|batch|sync|results|campaigns|prepare|settings|ledger|common)\.[a-z_]+\.[a-zA-Z_.]+\b/,
  // A field path of the service's wire ("products[0].debt", "phone_settings.phone_list").
  /\b\w+\[\d+\]\.\w+/,
  /\b[a-z]+_[a-z_]+\.[a-z_]+\b/,
  // Words a machine writes when a value went missing.
  /\b(undefined|null|NaN)\b/,
  /\[object Object\]/,
  // A placeholder left unfilled.
  /\{[a-zA-Z]+\}/,
  // A reason written as a code word: "(invalid)", "(no-area-code)".
  /\((invalid|junk|no-area-code|duplicate|extension|empty)\)/,
];

/** Numbers, dates, times and sizes written another country's way. */
const FORMATS: { what: string; pattern: RegExp }[] = [
  { what: 'an amount with a decimal point', pattern: /\$\s?\d{1,3}(?:,\d{3})+(?:\.\d+)?\b|\b\d{1,3}(?:,\d{3})+\.\d{2}\b/ },
  { what: 'a date year first', pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { what: 'a 12-hour time', pattern: /\b\d{1,2}:\d{2}(?::\d{2})?\s?(?:AM|PM|a\.\s?m\.|p\.\s?m\.)/i },
  { what: 'a percentage without its space', pattern: /\d%/ },
  { what: 'a size in bytes as a letter', pattern: /\b\d+\s?B\b/ },
];

/** A path on this computer means nothing to the creditor (and names its user); a screen may show the agent their own folder. */
const LOCAL_PATH = /(?:^|[\s"'(])(?:\/tmp\/|\/home\/|\/root\/|[A-Z]:\\)/;

/** dd/mm/yyyy read as mm/dd/yyyy shows where its "month" is over 12. */
function monthFirstDates(text: string): string[] {
  return [...text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g)].filter((m) => Number(m[2]) > 12).map((m) => m[0]);
}

export interface Finding {
  what: string;
  found: string;
}

export interface ScanOptions {
  /** Texts to skip: the creditor's own data (a product's name), which may be in any language. */
  allowed?: readonly string[];
  /** A file for the creditor, where a path on this computer is a slip too. */
  file?: boolean;
}

/**
 * Everything in `text` a Spanish reader must not meet. What CaseDesk quotes as the service's own words
 * («…») may be in any language and is skipped; so are CaseDesk's environment variables, which IT types
 * as they are (CASEDESK_DB_KEY), and each text of `allowed`.
 */
export function englishFindings(text: string, { allowed = [], file = false }: ScanOptions = {}): Finding[] {
  let own = text.replace(/«[^»]*»/g, '«»').replace(/\bCASEDESK_[A-Z_]+\b/g, ' ');
  for (const words of allowed) own = own.split(words).join(' ');
  const found: Finding[] = [];
  const english = ENGLISH.exec(own);
  if (english) found.push({ what: 'an English word', found: around(own, english.index, english[0]) });
  for (const code of CODES) {
    const hit = code.exec(own);
    if (hit) found.push({ what: 'a code or key', found: around(own, hit.index, hit[0]) });
  }
  for (const { what, pattern } of FORMATS) {
    const hit = pattern.exec(own);
    if (hit) found.push({ what, found: around(own, hit.index, hit[0]) });
  }
  const path = file ? LOCAL_PATH.exec(own) : null;
  if (path) found.push({ what: 'a path on this computer', found: around(own, path.index, path[0]) });
  for (const date of monthFirstDates(own)) found.push({ what: 'a date month first', found: date });
  return found;
}

/** The hit with a little of what surrounds it, so a failure says where it was. */
function around(text: string, index: number, hit: string): string {
  const start = Math.max(0, index - 30);
  return `${text.slice(start, index)}[${hit}]${text.slice(index + hit.length, index + hit.length + 30)}`.replace(/\s+/g, ' ');
}
