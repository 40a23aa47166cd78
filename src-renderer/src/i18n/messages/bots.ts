export default {
  es: {
    title: 'Sus bots',
    type: 'Tipo',
    channel: 'Canal',
    lastCampaign: 'Última campaña',
    progress: 'Avance',
    status: 'Estado reciente',
    inProgress: '{n} casos en curso de {total}',
    noCampaign: 'Sin campañas todavía',
    campaigns: 'Campañas',
    emptyTitle: 'No tiene bots asignados',
    emptyBody:
      'Pida a su administrador que le asigne un bot de campañas salientes (voz o WhatsApp) en este entorno. Mientras tanto puede preparar lotes sin conexión.',
  },
  en: {
    title: 'Your bots',
    type: 'Type',
    channel: 'Channel',
    lastCampaign: 'Last campaign',
    progress: 'Progress',
    status: 'Recent status',
    inProgress: '{n} cases in progress of {total}',
    noCampaign: 'No campaigns yet',
    campaigns: 'Campaigns',
    emptyTitle: 'No bots are assigned to you',
    emptyBody:
      'Ask your administrator to assign you an outbound campaign bot (voice or WhatsApp) in this environment. Meanwhile you can prepare batches offline.',
  },
};
