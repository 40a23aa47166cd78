// A constant of the service (a campaign's state, a bot's type or channel, a dialing type) in the agent's
// words, from the one map of each in i18n/messages/service.ts; one this version does not know, as it comes.
import { useI18n } from 'vue-i18n';

type Translate = (key: string) => string;
type Exists = (key: string) => boolean;

export type ServiceWords = 'campaignStates' | 'botTypes' | 'conversationTypes' | 'campaignKinds' | 'dialingTypes';

export function serviceWord(t: Translate, te: Exists, words: ServiceWords, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const key = `service.${words}.${value}`;
  return te(key) ? t(key) : value;
}

/** serviceWord with the component's own i18n, for templates: `said('campaignStates', status)`. */
export function useServiceWords(): (words: ServiceWords, value: string | null | undefined) => string {
  const { t, te } = useI18n();
  return (words, value) => serviceWord(t, te, words, value);
}
