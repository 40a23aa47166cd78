// Seed files: the documented format, and a clear message when one is wrong.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeed } from '../../src-main/emulator';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-seed-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('loadSeed', () => {
  it('reads the built-in demo seed: a demo user with voice, WhatsApp and inbound bots, and a user with none', () => {
    const seed = loadSeed();
    const demo = seed.users.find((u) => u.email === 'demo@casedesk.local');
    const kinds = seed.bots.filter((b) => demo?.bots.includes(b.id)).map((b) => `${b.bot_type}_${b.conversation_type}`);
    expect(kinds.sort()).toEqual(['INBOUND_VOICE', 'OUTBOUND_VOICE', 'OUTBOUND_WHATSAPP']);
    expect(seed.users.some((u) => u.bots.length === 0)).toBe(true);
  });

  it('fills the Bot fields a seed leaves out with empty values', () => {
    const seed = loadSeed(file('min.json', '{"users":[],"bots":[{"id":1,"name":"b","alias":"b","bot_type":"OUTBOUND","conversation_type":"VOICE"}]}'));
    expect(seed.bots[0]).toMatchObject({ business_group_name: '', internal_tags: [], external_tags: [], last_campaign: {}, bot_status_last: {}, error: 0 });
  });

  it('says which file and where it is wrong', () => {
    expect(() => loadSeed(file('bad.json', '{"users":[{"email":"a@b.c","password":"x","bots":[9]}],"bots":[]}'))).toThrow(
      /bad\.json.*users\.0\.bots\.0.*bot 9/,
    );
    expect(() =>
      loadSeed(file('type.json', '{"users":[],"bots":[{"id":1,"name":"b","alias":"b","bot_type":"SIDEWAYS","conversation_type":"VOICE"}]}')),
    ).toThrow(/bots\.0\.bot_type/);
    expect(() => loadSeed(file('junk.json', 'not json'))).toThrow(/Cannot read seed file .*junk\.json/);
    expect(() => loadSeed(join(dir, 'missing.json'))).toThrow(/missing\.json/);
  });
});
