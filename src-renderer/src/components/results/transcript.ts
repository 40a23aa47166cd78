// A call's conversation as lines of who said what. `transcription` has both sides in order (each line
// usually says "BOT: " or "CLIENTE: "); `responses` has what the debtor said. A line without a
// speaker is the debtor's when it is among the responses, else the bot's (as the Excel export does).

export interface TranscriptLine {
  speaker: 'bot' | 'client';
  text: string;
  /** Seconds from pickup, when known. */
  time: number | null;
}

interface RawLine {
  text?: unknown;
  time?: unknown;
}

const SPEAKER = /^(BOT|CLIENTE)\s*:\s*/i;
const rawLines = (value: unknown): RawLine[] =>
  Array.isArray(value) ? (value as unknown[]).filter((l): l is RawLine => typeof l === 'object' && l !== null) : [];
const textOf = (line: RawLine) => (typeof line.text === 'string' ? line.text.trim() : '');
const timeOf = (line: RawLine) => (typeof line.time === 'number' && Number.isFinite(line.time) ? line.time : null);

export function transcriptLines(data: unknown): TranscriptLine[] {
  const record = typeof data === 'object' && data !== null ? (data as { transcription?: unknown; responses?: unknown }) : {};
  const responses = rawLines(record.responses);
  const spoken = rawLines(record.transcription);
  const debtorSaid = new Set(responses.map(textOf));
  const source = spoken.length > 0 ? spoken : responses;
  const lines: TranscriptLine[] = [];
  for (const line of source) {
    const text = textOf(line);
    if (text === '') continue;
    const named = SPEAKER.exec(text);
    if (named) {
      lines.push({ speaker: named[1]?.toUpperCase() === 'BOT' ? 'bot' : 'client', text: text.slice(named[0].length), time: timeOf(line) });
    } else {
      lines.push({ speaker: spoken.length === 0 || debtorSaid.has(text) ? 'client' : 'bot', text, time: timeOf(line) });
    }
  }
  return lines;
}

/** 75.3 → "1:15". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
