// Users, their bots, and the Bot resource as the bot list shows it.
import { timingSafeEqual } from 'node:crypto';
import type { Bot } from '../contract';
import type { Db } from './emulator-db';
import type { Seed, SeedBot } from './seed';

export interface User {
  id: number;
  email: string;
}

export function writeSeed(db: Db, seed: Seed): void {
  const insertBot = db.prepare('INSERT INTO bots (id, json) VALUES (?, ?)');
  const insertUser = db.prepare('INSERT INTO users (email, password) VALUES (?, ?)');
  const assign = db.prepare('INSERT OR IGNORE INTO user_bots (user_id, bot_id) VALUES (?, ?)');
  db.transaction(() => {
    for (const bot of seed.bots) insertBot.run(bot.id, JSON.stringify(bot));
    for (const user of seed.users) {
      const { lastInsertRowid } = insertUser.run(user.email, user.password);
      for (const botId of user.bots) assign.run(lastInsertRowid, botId);
    }
  })();
}

/** Gives every account this password, in place of the stored ones (the demo seed's are public). */
export function setEveryPassword(db: Db, password: string): void {
  db.prepare('UPDATE users SET password = ?').run(password);
}

/**
 * The user with these credentials, or null. Compares in constant time. `only`: the password every
 * account has for this run, whatever is stored (another process on the same file may store its own).
 */
export function checkCredentials(db: Db, email: string, password: string, only?: string): User | null {
  const row = db.prepare('SELECT id, email, password FROM users WHERE email = ?').get(email) as { id: number; email: string; password: string } | undefined;
  const given = Buffer.from(password);
  const expected = Buffer.from(only ?? row?.password ?? '\u0000'.repeat(given.length));
  const same = given.length === expected.length && timingSafeEqual(given, expected);
  return row && same ? { id: row.id, email: row.email } : null;
}

export function findUser(db: Db, id: number): User | null {
  return (db.prepare('SELECT id, email FROM users WHERE id = ?').get(id) as User | undefined) ?? null;
}

export function userOwnsBot(db: Db, userId: number, botId: number): boolean {
  return db.prepare('SELECT 1 FROM user_bots WHERE user_id = ? AND bot_id = ?').get(userId, botId) !== undefined;
}

export function seedBot(db: Db, botId: number): SeedBot | null {
  const row = db.prepare('SELECT json FROM bots WHERE id = ?').get(botId) as { json: string } | undefined;
  return row ? (JSON.parse(row.json) as SeedBot) : null;
}

export function userBots(db: Db, userId: number): SeedBot[] {
  const rows = db.prepare('SELECT b.json FROM bots b JOIN user_bots ub ON ub.bot_id = b.id WHERE ub.user_id = ? ORDER BY b.id').all(userId) as {
    json: string;
  }[];
  return rows.map((r) => JSON.parse(r.json) as SeedBot);
}

export function inboundBotIds(db: Db): number[] {
  return userlessBots(db)
    .filter((b) => b.bot_type === 'INBOUND')
    .map((b) => b.id);
}

function userlessBots(db: Db): SeedBot[] {
  return (db.prepare('SELECT json FROM bots ORDER BY id').all() as { json: string }[]).map((r) => JSON.parse(r.json) as SeedBot);
}

/** The Bot resource: seed fields, with last_campaign and bot_status_last filled from live state. */
export function botView(bot: SeedBot, live: Pick<Bot, 'last_campaign' | 'bot_status_last'> | null): Bot {
  return { ...bot, ...(live ?? {}) };
}
