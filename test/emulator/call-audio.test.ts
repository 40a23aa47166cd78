import { describe, it, expect } from 'vitest';
import { hashSeed, seededRandom, synthesizeCallAudio } from '../../src-main/emulator/call-audio';

// Reads back the fields a player relies on, so the test checks bytes, not our own constants.
function parseWav(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  const samples = new Int16Array((bytes.length - 44) / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(44 + i * 2, true);
  return {
    riff: ascii(0),
    riffSize: view.getUint32(4, true),
    wave: ascii(8),
    fmt: ascii(12),
    fmtSize: view.getUint32(16, true),
    audioFormat: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitsPerSample: view.getUint16(34, true),
    data: ascii(36),
    dataSize: view.getUint32(40, true),
    samples,
  };
}

function rms(samples: Int16Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += ((samples[i] ?? 0) / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('synthesizeCallAudio', () => {
  it('writes a canonical 44-byte PCM header: mono, 16-bit, 8 kHz', () => {
    const wav = synthesizeCallAudio(42, 3);
    const header = parseWav(wav);
    expect(header).toMatchObject({
      riff: 'RIFF',
      riffSize: wav.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      audioFormat: 1,
      channels: 1,
      sampleRate: 8000,
      byteRate: 16000,
      blockAlign: 2,
      bitsPerSample: 16,
      data: 'data',
      dataSize: wav.length - 44,
    });
  });

  it('lasts as many seconds as asked', () => {
    const { dataSize, byteRate } = parseWav(synthesizeCallAudio(7, 12.5));
    expect(dataSize / byteRate).toBeCloseTo(12.5, 3);
  });

  it('clamps the duration to between half a second and 30 seconds', () => {
    const seconds = (s: number) => {
      const { dataSize, byteRate } = parseWav(synthesizeCallAudio(1, s));
      return dataSize / byteRate;
    };
    expect(seconds(0)).toBe(0.5);
    expect(seconds(-3)).toBe(0.5);
    expect(seconds(Number.NaN)).toBe(0.5);
    expect(seconds(120)).toBe(30);
    expect(seconds(Number.POSITIVE_INFINITY)).toBe(30);
  });

  it('gives the same bytes for the same seed and duration', () => {
    const seed = hashSeed('call', 123);
    // Compare as Buffers: element-wise toEqual on 80 kB is needlessly slow.
    expect(Buffer.from(synthesizeCallAudio(seed, 5)).equals(Buffer.from(synthesizeCallAudio(seed, 5)))).toBe(true);
  });

  it('gives different audio for different seeds', () => {
    const a = parseWav(synthesizeCallAudio(1, 5)).samples;
    const b = parseWav(synthesizeCallAudio(2, 5)).samples;
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
    expect(differing / a.length).toBeGreaterThan(0.5);
  });

  it('is audible, never clips, and has a ring-back before the voices', () => {
    for (const seed of [0, 1, 99, 0xffffffff]) {
      const { samples } = parseWav(synthesizeCallAudio(seed, 10));
      expect(rms(samples)).toBeGreaterThan(0.05);
      const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
      expect(peak / 32768).toBeLessThan(0.9);
      // The first second is the 425 Hz ring: steady and clearly above the line noise.
      expect(rms(samples, 100, 7900)).toBeGreaterThan(0.15);
    }
  });

  it('even a half-second clip is not silence', () => {
    expect(rms(parseWav(synthesizeCallAudio(5, 0.5)).samples)).toBeGreaterThan(0.02);
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(2024);
    const b = seededRandom(2024);
    for (let i = 0; i < 1000; i++) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });
});

describe('hashSeed', () => {
  it('derives a stable unsigned 32-bit seed from ids', () => {
    const seed = hashSeed('campaign-7', 'case', 31);
    expect(seed).toBe(hashSeed('campaign-7', 'case', 31));
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
  });

  it('keeps parts apart and tells near ids from each other', () => {
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(hashSeed('call-1')).not.toBe(hashSeed('call-2'));
    expect(hashSeed(12)).toBe(hashSeed('12'));
  });
});
