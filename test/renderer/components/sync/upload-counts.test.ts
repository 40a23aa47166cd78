// An upload of a million cases, as its panels say it: counts grouped as the agent writes them
// ("899.716 cargados" in Spanish, "899,716" in English), never "899716".
import PrimeVue from 'primevue/config';
import ConfirmationService from 'primevue/confirmationservice';
import { createSSRApp, h, type Component } from 'vue';
import { createI18n } from 'vue-i18n';
import { renderToString } from 'vue/server-renderer';
import { expect, it } from 'vitest';
import UploadProgressPanel from '../../../../src-renderer/src/components/sync/UploadProgressPanel.vue';
import UploadResultPanel from '../../../../src-renderer/src/components/sync/UploadResultPanel.vue';
import common from '../../../../src-renderer/src/i18n/messages/common';
import failures from '../../../../src-renderer/src/i18n/messages/failures';
import sync from '../../../../src-renderer/src/i18n/messages/sync';
import { splitTexts } from '../../../../src-renderer/src/i18n/texts';
import { renderedText } from '../../support/rendered-text';
import type { UploadRun } from '../../../../src-renderer/src/stores/uploads';
import type { UploadSummary } from '../../../../src-main/surface/procedures';

async function render(locale: 'en' | 'es', component: Component, props: Record<string, unknown>): Promise<string> {
  const app = createSSRApp({ render: () => h(component, props) });
  app.use(PrimeVue, { theme: 'none' });
  app.use(ConfirmationService);
  app.use(createI18n({ legacy: false, locale, messages: splitTexts({ common, failures, sync }) }));
  return renderToString(app);
}

const text = renderedText;

const running: UploadRun = {
  batchId: 1,
  campaignId: 7,
  running: true,
  progress: { batchId: 1, activity: 'sending', loaded: 899_716, rejected: 1_234, pending: 8_050, inDoubt: 0, chunk: 901, chunks: 910 },
  summary: null,
  error: null,
} as UploadRun;

it('shows the counts of a running upload grouped in thousands', async () => {
  expect(text(await render('es', UploadProgressPanel, { run: running }))).toContain('Envío 901 de 910');
  expect(text(await render('es', UploadProgressPanel, { run: running }))).toContain('Cargados: 899.716 · Rechazados: 1.234 · Pendientes: 8.050');
  expect(text(await render('en', UploadProgressPanel, { run: running }))).toContain('Loaded: 899,716 · Rejected: 1,234 · Pending: 8,050');
});

it('says how an upload ended with its counts grouped in thousands', async () => {
  const summary = {
    campaignId: 7,
    status: 'paused',
    loaded: 899_716,
    rejected: {},
    pending: 9_375,
    inDoubt: [],
    requests: 900,
    suppressed: { cases: 1_500, phones: 2_000, held: [] },
    skipped: { duplicates: 12_000 },
    pause: { code: 'offline', failure: { code: 'network.offline', params: {} }, message: '' },
  } as unknown as UploadSummary;
  const shown = text(await render('es', UploadResultPanel, { batchId: 1, summary, online: true, busy: false }));
  for (const words of ['Casos cargados en la campaña: 899.716', 'Casos todavía sin subir: 9.375', '1.500', '2.000', '12.000']) expect(shown).toContain(words);
  expect(shown).not.toMatch(/899716|9375|12000/);
});
