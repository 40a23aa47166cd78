// Every constant the contract names for the service (campaign states, bot types and channels, dialing
// types) has a word in Spanish and English; one the service adds later is shown as it comes.
import { describe, expect, it } from 'vitest';
import { BOT_TYPES, CAMPAIGN_KINDS, CAMPAIGN_STATES, CONVERSATION_TYPES, DIALING_TYPES } from '../../../../src-main/contract';
import service from '../../../../src-renderer/src/i18n/messages/service';
import { splitTexts, type Tree } from '../../../../src-renderer/src/i18n/texts';
import { serviceWord, type ServiceWords } from '../../../../src-renderer/src/components/campaigns/service-words';

const CONTRACT: Record<ServiceWords, readonly string[]> = {
  campaignStates: CAMPAIGN_STATES,
  botTypes: BOT_TYPES,
  conversationTypes: CONVERSATION_TYPES,
  campaignKinds: CAMPAIGN_KINDS,
  dialingTypes: DIALING_TYPES,
};
const { en, es } = splitTexts(service);
const cases = Object.entries(CONTRACT).flatMap(([words, values]) => values.map((value) => [words as ServiceWords, value] as const));

describe('the service’s constants in the agent’s words', () => {
  it.each(cases)('%s %s has a word in es and en', (words, value) => {
    for (const tree of [es, en]) expect(((tree[words] as Tree)[value] as string | undefined)?.trim() ?? '').not.toBe('');
  });

  it('has a map for nothing the contract does not name', () => {
    for (const [words, values] of Object.entries(CONTRACT)) expect(Object.keys(es[words] as Tree).sort()).toEqual([...values].sort());
  });

  it('says them in Argentine Spanish', () => {
    const tree = { service: es };
    const t = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree) as string;
    const te = (key: string) => typeof key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree) === 'string';
    expect(serviceWord(t, te, 'campaignStates', 'PAUSED')).toBe('En pausa');
    expect(serviceWord(t, te, 'campaignStates', 'ONGOING')).toBe('En curso');
    expect(serviceWord(t, te, 'campaignStates', 'CLOSED')).toBe('Cerrada');
    expect(serviceWord(t, te, 'botTypes', 'OUTBOUND')).toBe('Saliente');
    expect(serviceWord(t, te, 'conversationTypes', 'VOICE')).toBe('Voz');
    expect(serviceWord(t, te, 'campaignStates', 'ARCHIVED')).toBe('ARCHIVED');
    expect(serviceWord(t, te, 'dialingTypes', undefined)).toBe('—');
  });
});
