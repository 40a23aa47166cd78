import type { Texts } from '../texts';

export default {
  title: { en: 'Your bots', es: 'Sus bots' },
  type: { en: 'Type', es: 'Tipo' },
  channel: { en: 'Channel', es: 'Canal' },
  lastCampaign: { en: 'Last campaign', es: 'Última campaña' },
  progress: { en: 'Progress', es: 'Avance' },
  status: { en: 'Recent status', es: 'Estado reciente' },
  inProgress: { en: '{n} cases in progress of {total}', es: '{n} casos en curso de {total}' },
  noCampaign: { en: 'No campaigns yet', es: 'Sin campañas todavía' },
  campaigns: { en: 'Campaigns', es: 'Campañas' },
  emptyTitle: { en: 'No bots are assigned to you', es: 'No tiene bots asignados' },
  emptyBody: {
    en: 'Ask your administrator to assign you an outbound campaign bot (voice or WhatsApp) in this environment. Meanwhile you can prepare batches offline.',
    es: 'Pida a su administrador que le asigne un bot de campañas salientes (voz o WhatsApp) en este entorno. Mientras tanto puede preparar lotes sin conexión.',
  },
} satisfies Texts;
