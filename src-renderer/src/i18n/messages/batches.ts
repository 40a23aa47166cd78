import type { Texts } from '../texts';

export default {
  title: { en: 'Prepared batches', es: 'Lotes preparados' },
  intro: {
    en: "Each batch is a creditor's spreadsheet turned into cases ready to upload. All of it is stored on this computer.",
    es: 'Cada lote es una planilla de un acreedor convertida en casos listos para subir. Todo esto está guardado en este equipo.',
  },
  prepare: { en: 'Prepare a batch', es: 'Preparar un lote' },
  toSync: { en: 'Go to sync', es: 'Ir a sincronización' },
  name: { en: 'Batch', es: 'Lote' },
  created: { en: 'Prepared', es: 'Preparado' },
  ready: { en: 'Ready', es: 'Listos' },
  warnings: { en: 'With warnings', es: 'Con advertencias' },
  rejected: { en: 'Rejected', es: 'Rechazados' },
  campaign: { en: 'Campaign', es: 'Campaña' },
  upload: { en: 'Upload state', es: 'Estado de la carga' },
  noCampaign: { en: 'Not assigned', es: 'Sin asignar' },
  campaignId: { en: 'No. {id}', es: 'N.º {id}' },
  state: {
    loaded: { en: 'Loaded: {n}', es: 'Cargados: {n}' },
    pending: { en: 'Pending: {n}', es: 'Pendientes: {n}' },
    rejected: { en: 'Rejected: {n}', es: 'Rechazados: {n}' },
    inDoubt: { en: 'In doubt: {n}', es: 'En duda: {n}' },
  },
  nothingToUpload: { en: 'No cases to upload', es: 'Sin casos para subir' },
  emptyTitle: { en: 'You have not prepared a batch yet', es: 'Todavía no preparó ningún lote' },
  emptyBody: {
    en: "Press “Prepare a batch” and pick the creditor's spreadsheet (Excel, ODS or CSV). CaseDesk checks the data offline, shows you what to fix and leaves the cases ready to upload into a campaign.",
    es: 'Presione «Preparar un lote» y elija la planilla del acreedor (Excel, ODS o CSV). CaseDesk revisa los datos sin conexión, le muestra qué corregir y deja los casos listos para subir a una campaña.',
  },
  loadError: { en: 'Could not read the batches: {message}', es: 'No se pudieron leer los lotes: {message}' },
} satisfies Texts;
