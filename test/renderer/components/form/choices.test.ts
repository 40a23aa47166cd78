// The app's choice controls show each choice's label, mark the chosen value(s), and hand every other
// attribute (names, data-test, placeholder) to PrimeVue's control: rendered to HTML as the screens use them.
import PrimeVue from 'primevue/config';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { describe, expect, it } from 'vitest';
import ChoiceButtons from '../../../../src-renderer/src/components/form/ChoiceButtons.vue';
import ChoiceSelect from '../../../../src-renderer/src/components/form/ChoiceSelect.vue';
import type { Choice } from '../../../../src-renderer/src/components/form/choice';

const separators: Choice<string>[] = [
  { label: 'comma', value: ',' },
  { label: 'dot', value: '.' },
];

async function html(component: object, props: Record<string, unknown>): Promise<string> {
  const app = createSSRApp({ render: () => h(component, props) });
  app.use(PrimeVue, { theme: 'none' });
  return renderToString(app);
}

/** The buttons' labels, each with whether it is pressed. */
function pressed(markup: string): Record<string, string> {
  return Object.fromEntries(
    [...markup.matchAll(/<button[^>]*aria-pressed="(true|false)"[^>]*>[\s\S]*?<span[^>]*>([^<]*)<\/span>/g)].map((m) => [m[2] ?? '', m[1] ?? '']),
  );
}

describe('ChoiceButtons', () => {
  it('shows the labels and presses the chosen value', async () => {
    const markup = await html(ChoiceButtons, { options: separators, modelValue: '.', 'aria-label': 'Separator', 'data-test': 'sep' });
    expect(pressed(markup)).toEqual({ comma: 'false', dot: 'true' });
    expect(markup).toContain('aria-label="Separator"');
    expect(markup).toContain('data-test="sep"');
  });

  it('presses every chosen value when it picks several', async () => {
    const days: Choice<number>[] = [1, 2, 3].map((d) => ({ label: `day ${d}`, value: d }));
    const markup = await html(ChoiceButtons, { options: days, modelValue: [1, 3], multiple: true });
    expect(pressed(markup)).toEqual({ 'day 1': 'true', 'day 2': 'false', 'day 3': 'true' });
  });
});

describe('ChoiceSelect', () => {
  it("shows the chosen value's label, not the value", async () => {
    const markup = await html(ChoiceSelect, { options: separators, modelValue: ',', 'data-test': 'sep' });
    expect(markup).toMatch(/>comma</);
    expect(markup).not.toMatch(/>,</);
    expect(markup).toContain('data-test="sep"');
  });

  it('shows the placeholder while nothing is chosen', async () => {
    const markup = await html(ChoiceSelect, { options: separators, modelValue: null, placeholder: 'Pick one' });
    expect(markup).toMatch(/>Pick one</);
  });
});
