// The wizard's last step while a file is prepared: the cases counted as they are built, then, once
// every one is, that the batch is being saved and can no longer be stopped (a bar at 100 % said
// nothing for the seconds a million rows take to be written).
import PrimeVue from 'primevue/config';
import { createSSRApp, h } from 'vue';
import { createI18n } from 'vue-i18n';
import { renderToString } from 'vue/server-renderer';
import { expect, it } from 'vitest';
import ReviewStep from '../../../../src-renderer/src/components/prepare/ReviewStep.vue';
import type { ReviewFacts } from '../../../../src-renderer/src/components/prepare/wizard';
import common from '../../../../src-renderer/src/i18n/messages/common';
import prepare from '../../../../src-renderer/src/i18n/messages/prepare';
import { splitTexts } from '../../../../src-renderer/src/i18n/texts';
import { renderedText } from '../../support/rendered-text';

const review: ReviewFacts = {
  fileName: 'cartera.csv',
  sheet: 'cartera',
  headerRow: 1,
  dataRows: 1_000_000,
  mappingSource: 'Sugeridas según los títulos de las columnas',
  target: { mode: 'priority', maxPhonePriority: 1, botId: null, campaignId: null },
};

async function render(locale: 'en' | 'es', progress: { done: number; total: number } | null): Promise<string> {
  const app = createSSRApp({ render: () => h(ReviewStep, { review, preparing: true, ready: true, error: null, progress, stopped: null }) });
  app.use(PrimeVue, { theme: 'none' });
  app.use(createI18n({ legacy: false, locale, messages: splitTexts({ common, prepare }) }));
  return renderToString(app);
}

it('counts the cases as they are built, with a bar that says how far, and a stop', async () => {
  const html = await render('es', { done: 454_545, total: 909_091 });
  expect(renderedText(html)).toContain('454.545 de 909.091 casos preparados');
  expect(html).toContain('aria-valuenow="49"');
  expect(html).toContain('data-test="prepare-stop"');
});

it('says the batch is being saved once every case is built, without a full bar or a stop', async () => {
  const html = await render('es', { done: 909_091, total: 909_091 });
  expect(renderedText(html)).toContain('Los 909.091 casos están preparados; guardando el lote… Ya no se puede detener.');
  expect(html).not.toContain('aria-valuenow="100"');
  expect(html).not.toContain('data-test="prepare-stop"');
  expect(renderedText(await render('es', { done: 1, total: 1 }))).toContain('El caso está preparado; guardando el lote…');
  expect(renderedText(await render('en', { done: 2, total: 2 }))).toContain('All 2 cases are prepared; saving the batch… It can no longer be stopped.');
});

it('can still be stopped when the file made no case (its rows without one are being stored, and a stop drops them)', async () => {
  const html = await render('es', { done: 0, total: 0 });
  expect(renderedText(html)).toContain('0 de 0 casos preparados');
  expect(html).toContain('data-test="prepare-stop"');
});

it('says the file is being read before any case is counted, and can be stopped', async () => {
  const html = await render('es', null);
  expect(renderedText(html)).toContain('Leyendo el archivo…');
  expect(html).toContain('data-test="prepare-stop"');
});
