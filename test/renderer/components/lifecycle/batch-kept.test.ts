// Why a batch is kept: the batch list says the day retention deletes it, or how many skipped cases
// corrected after the upload hold it (not only "until you delete it"), and the batch's screen says the
// same with what to do, in the agent's language.
import PrimeVue from 'primevue/config';
import { createSSRApp, h, type Component } from 'vue';
import { createI18n } from 'vue-i18n';
import { renderToString } from 'vue/server-renderer';
import { describe, expect, it } from 'vitest';
import KeptForCorrections from '../../../../src-renderer/src/components/batch/KeptForCorrections.vue';
import BatchKept from '../../../../src-renderer/src/components/lifecycle/BatchKept.vue';
import batch from '../../../../src-renderer/src/i18n/messages/batch';
import lifecycle from '../../../../src-renderer/src/i18n/messages/lifecycle';
import { splitTexts } from '../../../../src-renderer/src/i18n/texts';
import { renderedText } from '../../support/rendered-text';

async function render(locale: 'en' | 'es', component: Component, props: Record<string, unknown>): Promise<string> {
  const app = createSSRApp({ render: () => h(component, props) });
  app.use(PrimeVue, { theme: 'none' });
  app.use(createI18n({ legacy: false, locale, messages: splitTexts({ batch, lifecycle }) }));
  return renderToString(app);
}

const text = renderedText;

const kept = (locale: 'en' | 'es', b: { keptUntil: string | null; correctedSkipped: number }) => render(locale, BatchKept, { batch: { id: 7, ...b } });

describe('the batch list says why a batch is kept', () => {
  it('with corrected skipped cases: how many, not only until it is deleted', async () => {
    expect(text(await kept('en', { keptUntil: null, correctedSkipped: 2 }))).toBe('Kept: 2 corrected cases not loaded again');
    expect(text(await kept('es', { keptUntil: null, correctedSkipped: 2 }))).toBe('Se conserva: 2 casos corregidos sin cargar de nuevo');
    expect(text(await kept('en', { keptUntil: null, correctedSkipped: 1 }))).toBe('Kept: 1 corrected case not loaded again');
    expect(text(await kept('es', { keptUntil: null, correctedSkipped: 1 }))).toBe('Se conserva: 1 caso corregido sin cargar de nuevo');
    expect(await kept('en', { keptUntil: null, correctedSkipped: 2 })).toContain('data-test="batch-kept-7"');
  });

  it('otherwise the day it goes, or until the agent deletes it', async () => {
    expect(text(await kept('en', { keptUntil: '2027-03-01T12:00:00.000Z', correctedSkipped: 0 }))).toBe('Goes on 1 Mar 2027');
    expect(text(await kept('es', { keptUntil: null, correctedSkipped: 0 }))).toBe('Hasta que lo borre');
    expect(text(await kept('en', { keptUntil: null, correctedSkipped: 0 }))).toBe('Until you delete it');
  });
});

describe("the batch's screen says the same, with what to do", () => {
  it('in English and in Spanish, with the way to those cases and to Sync', async () => {
    const en = text(await render('en', KeptForCorrections, { count: 2 }));
    expect(en).toMatch(/^Kept: 2 corrected cases not loaded again\. The campaign already held their codes/);
    expect(en).toContain('only if you tick “Load again the codes the campaign already holds” in Sync; if they should not be sent, exclude those cases.');
    expect(en).toMatch(/ Show the corrected cases Go to sync$/);
    const es = text(await render('es', KeptForCorrections, { count: 1 }));
    expect(es).toMatch(/^Se conserva: 1 caso corregido sin cargar de nuevo\. La campaña ya tenía su código/);
    expect(es).toContain('solo si marca «Cargar de nuevo los códigos que la campaña ya tiene» en Sincronización; si no debe enviarse, excluya el caso.');
    expect(es).toMatch(/ Ver el caso corregido Ir a sincronización$/);
    expect(await render('es', KeptForCorrections, { count: 1 })).toContain('data-test="kept-corrected-show"');
  });
});
