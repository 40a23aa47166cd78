/// <reference types="vite/client" />
// Spanish and English, complete: each screen keeps its texts in ./messages/<screen>.ts as one tree whose
// leaves hold both languages, { en, es } (see ./texts.ts); this file gathers them and splits them into
// the es and en trees vue-i18n takes.
import { createI18n } from 'vue-i18n';
import { splitTexts, type Texts, type TreePair } from './texts';

const modules = import.meta.glob<{ default: Texts }>('./messages/*.ts', { eager: true });

export function allMessages(): TreePair {
  const texts: Texts = {};
  for (const [path, mod] of Object.entries(modules)) texts[path.replace(/^.*\/(.+)\.ts$/, '$1')] = mod.default;
  return splitTexts(texts);
}

export type Locale = 'es' | 'en';
export const LOCALE_KEY = 'casedesk.locale';

/** The agent's choice, else the system's language (Spanish unless it is clearly English). */
export function initialLocale(): Locale {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_KEY) : null;
  if (saved === 'es' || saved === 'en') return saved;
  const system = typeof navigator !== 'undefined' ? navigator.language : 'es';
  return system.toLowerCase().startsWith('en') ? 'en' : 'es';
}

export const i18n = createI18n({
  legacy: false,
  locale: initialLocale(),
  fallbackLocale: 'es',
  messages: allMessages(),
});

export function setLocale(locale: Locale): void {
  i18n.global.locale.value = locale;
  localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
}
