// A case field in the drawer lists what preparation found in its value under it, and only an error
// marks it invalid: a warning (a name that differs in another row) is read, not refused.
import PrimeVue from 'primevue/config';
import InputText from 'primevue/inputtext';
import { createSSRApp, h } from 'vue';
import { createI18n } from 'vue-i18n';
import { renderToString } from 'vue/server-renderer';
import { describe, expect, it } from 'vitest';
import type { IssueView } from '../../../../src-main/surface/procedures';
import CaseField from '../../../../src-renderer/src/components/batch/CaseField.vue';
import issue from '../../../../src-renderer/src/i18n/messages/issue';
import { splitTexts } from '../../../../src-renderer/src/i18n/texts';

const differs: IssueView = {
  id: 'row:7',
  code: null,
  severity: 'warning',
  field: 'lastName',
  rows: [7],
  kind: 'name-differs',
  text: { code: 'issue.name_differs', params: { field: 'Apellido', other: 'Perez', first: 'Pérez' } },
};
const missing: IssueView = {
  ...differs,
  id: 'row:8',
  severity: 'error',
  kind: 'name-missing',
  text: { code: 'issue.name_missing', params: { field: 'Apellido' } },
};

async function render(issues: IssueView[]): Promise<string> {
  const app = createSSRApp({
    render: () => h(CaseField, { inputId: 'case-last-name', label: 'Apellido', issues }, { default: (f: { input: object }) => h(InputText, f.input) }),
  });
  app.use(PrimeVue, { theme: 'none' });
  app.use(createI18n({ legacy: false, locale: 'es', messages: splitTexts({ issue }) }));
  return renderToString(app);
}

/** The input's opening tag. */
const input = (html: string) => /<input[^>]*id="case-last-name"[^>]*>/.exec(html)?.[0] ?? '';

describe('CaseField', () => {
  it('lists a warning under the field without marking it invalid', async () => {
    const html = await render([differs]);
    expect(html).toContain('Apellido distinto en otra fila (&quot;Perez&quot;); se usa &quot;Pérez&quot;');
    expect(input(html)).not.toContain('aria-invalid="true"');
    expect(input(html)).toContain('aria-describedby="case-last-name-hint"');
  });

  it('marks the field invalid when something in it is an error', async () => {
    const html = await render([differs, missing]);
    expect(html).toContain('Falta Apellido');
    expect(input(html)).toContain('aria-invalid="true"');
  });

  it('has no description when nothing was found', async () => {
    const html = await render([]);
    expect(input(html)).not.toContain('aria-describedby');
    expect(input(html)).not.toContain('aria-invalid="true"');
  });
});
