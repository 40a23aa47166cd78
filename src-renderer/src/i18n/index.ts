/// <reference types="vite/client" />
// Spanish and English, complete (a test checks both have every key). Each screen keeps its texts in
// ./messages/<screen>.ts as { es, en }; this file only gathers them.
import { createI18n } from 'vue-i18n';

type Tree = { [key: string]: string | Tree };
interface ScreenMessages {
  es: Tree;
  en: Tree;
}

const modules = import.meta.glob<{ default: ScreenMessages }>('./messages/*.ts', { eager: true });

export function allMessages(): { es: Tree; en: Tree } {
  const es: Tree = {};
  const en: Tree = {};
  for (const [path, mod] of Object.entries(modules)) {
    const name = path.replace(/^.*\/(.+)\.ts$/, '$1');
    es[name] = mod.default.es;
    en[name] = mod.default.en;
  }
  return { es, en };
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
