// A form field names its input by its label and links what is wrong with the value, and its hint, as
// the input's description: rendered to HTML with PrimeVue's own inputs, as the screens use them.
import PrimeVue from 'primevue/config';
import DatePicker from 'primevue/datepicker';
import InputNumber from 'primevue/inputnumber';
import InputText from 'primevue/inputtext';
import Select from 'primevue/select';
import { createSSRApp, h, type VNode } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { describe, expect, it } from 'vitest';
import FormField from '../../../../src-renderer/src/components/form/FormField.vue';

interface Slot {
  inputId: string;
  invalid: boolean;
  describedBy: string | undefined;
  input: object;
  wrapped: object;
}
type Input = (field: Slot) => VNode;

// Each input bound the way the screens bind it: by the parts, or by the bundle for its kind.
const inputs: Record<string, Input> = {
  InputText: (f) => h(InputText, { id: f.inputId, invalid: f.invalid, 'aria-describedby': f.describedBy }),
  'InputText (bundled)': (f) => h(InputText, f.input),
  InputNumber: (f) => h(InputNumber, f.wrapped),
  DatePicker: (f) => h(DatePicker, f.wrapped),
  Select: (f) => h(Select, { ...f.wrapped, options: ['a', 'b'] }),
};

interface Element {
  tag: string;
  attrs: Record<string, string>;
  /** The text up to the element's end (its own end tag; nested ones of the same tag are not expected). */
  text: string;
}

/** The HTML's elements with their attributes and text: enough to follow ids and `for`. */
function elements(html: string): Element[] {
  return [...html.matchAll(/<([a-z]+)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => {
    const tag = m[1] ?? '';
    const attrs = Object.fromEntries([...(m[2] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? '']));
    const rest = html.slice((m.index ?? 0) + m[0].length);
    const end = rest.indexOf(`</${tag}>`);
    const text = (end < 0 ? '' : rest.slice(0, end)).replace(/<[^>]*>/g, '').trim();
    return { tag, attrs, text };
  });
}

async function render(input: Input, props: Record<string, unknown>, slots: Record<string, () => unknown> = {}): Promise<Element[]> {
  const app = createSSRApp({ render: () => h(FormField, props, { default: input, ...slots }) });
  app.use(PrimeVue, { theme: 'none' });
  return elements(await renderToString(app));
}

/** The element a screen reader lands on: the one with the field's id. */
function control(found: Element[], id: string): Element {
  const matches = found.filter((e) => e.attrs.id === id);
  expect(matches, `one element with id ${id}`).toHaveLength(1);
  return matches[0]!;
}
const byId = (found: Element[], id: string) => found.find((e) => e.attrs.id === id);

describe('FormField', () => {
  for (const [name, input] of Object.entries(inputs)) {
    // A Select's combobox is a span, which a label does not name (its value does); the rest are inputs.
    const tag = name === 'Select' ? 'span' : 'input';
    it(`points its label at a ${name}'s ${tag} and links its error and its hint`, async () => {
      const found = await render(input, { inputId: 'min-priority', label: 'Mínima', error: 'Falta', errorTest: 'error-min', hint: 'De 0 a 99' });
      const label = found.find((e) => e.tag === 'label');
      expect(label?.attrs.for).toBe('min-priority');
      expect(label?.text).toBe('Mínima');
      const target = control(found, 'min-priority');
      expect(target.tag).toBe(tag);
      expect(target.attrs['aria-invalid']).toBe('true');
      const described = (target.attrs['aria-describedby'] ?? '').split(' ').map((id) => byId(found, id));
      expect(described.map((e) => e?.text)).toEqual(['Falta', 'De 0 a 99']);
      expect(described[0]?.attrs['data-test']).toBe('error-min');
    });
  }

  it("names a Select's combobox by the label, not by its placeholder or value (a label's `for` does not name a span)", async () => {
    const found = await render((f) => h(Select, { ...f.wrapped, options: ['DNI', 'Nombre'], placeholder: 'Elegí una columna' }), {
      inputId: 'column-code',
      label: 'Código',
    });
    const combobox = control(found, 'column-code');
    expect(combobox.attrs.role).toBe('combobox');
    const names = (combobox.attrs['aria-labelledby'] ?? '').split(' ').map((id) => byId(found, id));
    expect(names.map((e) => [e?.tag, e?.text])).toEqual([['label', 'Código']]);
  });

  it('says an error politely: a field checked as the agent types does not interrupt a screen reader at each key', async () => {
    const found = await render(inputs.InputNumber!, { inputId: 'area', label: 'Código de área', error: 'Entre 2 y 4 cifras' });
    const error = byId(found, 'area-error');
    expect(error?.attrs.role).toBe('status');
    expect(error?.attrs['aria-live']).toBe('polite');
  });

  it('describes an input by its hint alone, and by nothing when there is neither', async () => {
    const hinted = await render(inputs.InputNumber!, { inputId: 'days', label: 'Días', hint: 'Entre 1 y 3650' });
    expect(control(hinted, 'days').attrs['aria-describedby']).toBe('days-hint');
    expect(control(hinted, 'days').attrs['aria-invalid']).toBeUndefined();
    const plain = await render(inputs.InputText!, { inputId: 'name', label: 'Nombre' });
    expect(control(plain, 'name').attrs['aria-describedby']).toBeUndefined();
  });

  it('shows an input invalid without a message of its own, and takes a label and hints with markup', async () => {
    const found = await render(
      inputs.InputText!,
      { inputId: 'code', invalid: true },
      { label: () => [h('span', 'DNI '), h('abbr', { title: 'obligatorio' }, '*')], hint: () => [h('small', 'Ejemplo: 20123456'), h('small', 'Repetido')] },
    );
    expect(control(found, 'code').attrs['aria-invalid']).toBe('true');
    expect(found.find((e) => e.tag === 'label')?.text).toBe('DNI *');
    expect(byId(found, control(found, 'code').attrs['aria-describedby'] ?? '')?.text).toBe('Ejemplo: 20123456Repetido');
  });
});
