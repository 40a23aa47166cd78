// Synthetic call recordings for the emulator: a playable WAV that sounds like a
// phone call (ring-back, then two alternating "voices"), built deterministically
// from a seed so the same call always serves the same bytes.

export const SAMPLE_RATE = 8000; // telephony narrow band
const BITS_PER_SAMPLE = 16;
const HEADER_BYTES = 44;
const MIN_SECONDS = 0.5;
const MAX_SECONDS = 30;

const RINGBACK_HZ = 425; // Argentine ring-back tone
const RING_GAIN = 0.3;
const NOISE_GAIN = 0.01; // line hiss, so pauses are not digital silence
const HARMONICS = 6;

/** mulberry32: tiny, fast, good enough for test data; not for anything secret. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32-bit FNV-1a over the parts joined with a unit separator, to derive seeds from ids. */
export function hashSeed(...parts: (string | number)[]): number {
  // The separator keeps ("ab", "c") and ("a", "bc") apart.
  const text = parts.map(String).join('\u001f');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Feed both bytes of the UTF-16 unit so non-ASCII text hashes fully.
    hash = Math.imul(hash ^ (code & 0xff), 0x01000193);
    hash = Math.imul(hash ^ (code >>> 8), 0x01000193);
  }
  return hash >>> 0;
}

interface Syllable {
  start: number; // sample index
  end: number;
  pitchFrom: number; // Hz, glides to pitchTo
  pitchTo: number;
  gain: number;
  weights: number[]; // harmonic weights, sum 1 so the peak stays at `gain`
}

function clampSeconds(seconds: number): number {
  if (Number.isNaN(seconds)) return MIN_SECONDS;
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, seconds));
}

function between(random: () => number, low: number, high: number): number {
  return low + (high - low) * random();
}

/** Lays out the conversation: alternating speaker turns made of syllables. */
function planSyllables(random: () => number, from: number, total: number): Syllable[] {
  const speakers = [between(random, 95, 140), between(random, 170, 235)];
  let speaker = random() < 0.5 ? 0 : 1;
  let cursor = from;
  const syllables: Syllable[] = [];
  while (cursor < total) {
    const base = speakers[speaker] ?? 150;
    const turnStart = cursor;
    const turnEnd = Math.min(total, cursor + Math.round(between(random, 0.8, 2.6) * SAMPLE_RATE));
    while (cursor < turnEnd) {
      const length = Math.round(between(random, 0.1, 0.28) * SAMPLE_RATE);
      const end = Math.min(turnEnd, cursor + length);
      // Pitch drifts down over the turn, as in a spoken phrase.
      const decline = 1 - 0.12 * ((cursor - turnStart) / Math.max(1, turnEnd - turnStart));
      const pitchFrom = base * between(random, 0.88, 1.18) * decline;
      const raw = Array.from({ length: HARMONICS }, (_, k) => random() / (k + 1));
      const sum = raw.reduce((a, b) => a + b, 0) || 1;
      syllables.push({
        start: cursor,
        end,
        pitchFrom,
        pitchTo: pitchFrom * between(random, 0.9, 1.08),
        gain: between(random, 0.35, 0.6),
        weights: raw.map((w) => w / sum),
      });
      cursor = end + Math.round(between(random, 0, 0.05) * SAMPLE_RATE);
    }
    cursor += Math.round(between(random, 0.25, 0.7) * SAMPLE_RATE);
    speaker = 1 - speaker;
  }
  return syllables;
}

function renderSyllable(out: Float32Array, s: Syllable, startPhase: number): number {
  const length = s.end - s.start;
  const weights = Float64Array.from(s.weights); // typed array keeps the hot loop monomorphic
  let phase = startPhase;
  for (let i = 0; i < length; i++) {
    const x = i / length;
    const pitch = s.pitchFrom + (s.pitchTo - s.pitchFrom) * x;
    phase += (2 * Math.PI * pitch) / SAMPLE_RATE;
    // sin(k·φ) by the Chebyshev recurrence: two trig calls per sample, not six.
    const c2 = 2 * Math.cos(phase);
    let prev = 0;
    let cur = Math.sin(phase);
    let voice = 0;
    for (let k = 0; k < HARMONICS; k++) {
      voice += (weights[k] ?? 0) * cur;
      const next = c2 * cur - prev;
      prev = cur;
      cur = next;
    }
    const envelope = 4 * x * (1 - x); // syllable swell, zero at both edges so no clicks
    const index = s.start + i;
    out[index] = (out[index] ?? 0) + s.gain * envelope * voice;
  }
  return phase % (2 * Math.PI);
}

function renderRing(out: Float32Array, length: number): void {
  const fade = Math.min(80, Math.floor(length / 4)); // 10 ms ramps avoid clicks
  for (let i = 0; i < length; i++) {
    const ramp = Math.min(1, i / Math.max(1, fade), (length - i) / Math.max(1, fade));
    out[i] = (out[i] ?? 0) + RING_GAIN * ramp * Math.sin((2 * Math.PI * RINGBACK_HZ * i) / SAMPLE_RATE);
  }
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
}

/** Wraps 16-bit mono PCM samples (floats in −1..1) in a canonical 44-byte WAV header. */
export function encodeWav(samples: Float32Array): Uint8Array {
  const blockAlign = BITS_PER_SAMPLE / 8; // mono
  const dataBytes = samples.length * blockAlign;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format: PCM
  view.setUint16(22, 1, true); // channels
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, BITS_PER_SAMPLE, true);
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);
  // WAV is little-endian; write through an Int16Array (fast) only when the host matches.
  const pcm = LITTLE_ENDIAN_HOST ? new Int16Array(bytes.buffer, HEADER_BYTES, samples.length) : null;
  for (let i = 0; i < samples.length; i++) {
    const value = Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32767);
    if (pcm) pcm[i] = value;
    else view.setInt16(HEADER_BYTES + i * 2, value, true);
  }
  return bytes;
}

/**
 * A WAV (PCM 16-bit LE, mono, 8 kHz) that sounds like a call: a ring-back burst,
 * then alternating voice-like turns over light noise. Same (seed, seconds) gives
 * the same bytes; seconds is clamped to [0.5, 30].
 */
export function synthesizeCallAudio(seed: number, seconds: number): Uint8Array {
  const total = Math.round(clampSeconds(seconds) * SAMPLE_RATE);
  const random = seededRandom(seed);
  const out = new Float32Array(total);
  for (let i = 0; i < total; i++) out[i] = (random() * 2 - 1) * NOISE_GAIN;

  // Short clips get a proportionally shorter ring so some voice remains.
  const ringLength = Math.round(Math.min(1, 0.3 * (total / SAMPLE_RATE)) * SAMPLE_RATE);
  renderRing(out, ringLength);
  const answerAt = ringLength + Math.round(Math.min(0.4, 0.1 * (total / SAMPLE_RATE)) * SAMPLE_RATE);

  let phase = 0;
  for (const syllable of planSyllables(random, answerAt, total)) {
    phase = renderSyllable(out, syllable, phase);
  }
  return encodeWav(out);
}
