// What the server said, made safe to show: the human part of an error body, scrubbed of secrets,
// tokens and personal data, and cut short.

const MAX_SERVER_TEXT = 240;

/**
 * The human part of an error body: `detail`, `error`, `message`, a plain string, or DRF-style
 * field → messages. Scrubbed of secrets, tokens, e-mail addresses and phone-like numbers.
 */
export function serverText(body: unknown, secrets: readonly string[] = []): string {
  return scrub(rawServerText(body), secrets);
}

function rawServerText(body: unknown): string {
  if (typeof body === 'string') return body.trim().startsWith('<') ? '' : body.trim(); // an HTML error page says nothing useful
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const o = body as Record<string, unknown>;
  for (const key of ['detail', 'error', 'message']) {
    const value = o[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(o)) {
    const messages = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
    if (messages.length) parts.push(`${key}: ${messages.join(' ')}`);
  }
  return parts.join('; ');
}

/** Removes what must never be shown: the given secrets, JWT-like tokens, e-mail addresses, long digit runs (phones). */
export function scrub(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[hidden]');
  out = out
    .replace(/[\w-]{6,}\.[\w-]{6,}\.[\w-]{6,}/g, '[token]')
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}/g, '[e-mail]')
    .replace(/\+?\d(?:[ -]?\d){6,}/g, (run) => (/^\d{4}-\d{2}-\d{2}$/.test(run) ? run : '[number]'))
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_SERVER_TEXT ? `${out.slice(0, MAX_SERVER_TEXT - 1)}…` : out;
}
