// The mapping step's form: column headers and the keys the agent gives them are data, so a header
// named "constructor" or a key "__proto__" is offered and sent like any other.
import { afterEach, describe, expect, it } from 'vitest';
import type { FileInspection } from '../../src-main/preparation/preparation-types';
import { checkMapping, formFromInspection, type MappingForm } from '../../src-renderer/src/components/prepare/mapping-form';
import { problemText } from '../../src-renderer/src/components/prepare/wizard';
import { i18n } from '../../src-renderer/src/i18n';

/** The form's own entry for a header (never an inherited member of the object). */
const extraOf = (form: MappingForm, header: string) => Object.getOwnPropertyDescriptor(form.extras, header)?.value as MappingForm['extras'][string] | undefined;

const inspection = (template: FileInspection['template'] = null): FileInspection => ({
  fileName: 'cartera.csv',
  format: 'csv',
  sheets: ['cartera'],
  sheet: 'cartera',
  headerRow: 1,
  headers: ['DNI', 'Nombre', 'Telefono', 'Operacion', 'Producto', 'Saldo', 'Vencimiento', 'constructor', '__proto__'],
  preview: [],
  dataRows: 1,
  suggestion: { code: 'DNI', full_name: 'Nombre', phones: ['Telefono'], debt_code: 'Operacion', pid: 'Producto', debt: 'Saldo', expiration: 'Vencimiento' },
  unmapped: ['constructor', '__proto__'],
  template,
});

describe('the mapping form with headers and keys that are JavaScript property names', () => {
  it('offers "constructor" and "__proto__" columns as extras, and sends the keys given to them', () => {
    const { form } = formFromInspection(inspection());
    expect(Object.keys(form.extras).sort()).toEqual(['__proto__', 'constructor']);
    // As the editor does: each extra's own entry is changed in place.
    Object.assign(extraOf(form, 'constructor') ?? {}, { use: 'param', key: '__proto__' });
    Object.assign(extraOf(form, '__proto__') ?? {}, { use: 'product', key: 'constructor' });
    const { mapping, problems } = checkMapping(form);
    expect(problems).toEqual([]);
    expect(JSON.parse(JSON.stringify(mapping?.columns.params))).toEqual(JSON.parse('{"__proto__": "constructor"}'));
    expect(Object.hasOwn(mapping?.columns.params ?? {}, '__proto__')).toBe(true);
    expect(Object.hasOwn(mapping?.columns.product_info ?? {}, 'constructor')).toBe(true);
    expect(mapping?.columns.product_info?.constructor).toBe('__proto__');
  });

  it('reads them back from a saved template', () => {
    const columns = JSON.parse(
      '{"code": "DNI", "full_name": "Nombre", "phones": ["Telefono"], "debt_code": "Operacion", "pid": "Producto", "debt": "Saldo", "expiration": "Vencimiento", "params": {"__proto__": "constructor"}, "product_info": {"constructor": "__proto__"}}',
    );
    const { form } = formFromInspection(inspection({ creditor: 'Banco Sur', mapping: { columns, decimal_separator: ',', date_order: 'DMY' } }));
    expect(extraOf(form, 'constructor')).toEqual({ use: 'param', key: '__proto__' });
    expect(extraOf(form, '__proto__')).toEqual({ use: 'product', key: 'constructor' });
  });
});

describe('a problem of the mapping that is none of the kinds the form names', () => {
  afterEach(() => {
    i18n.global.locale.value = 'es';
  });
  const t = (key: string, params?: Record<string, unknown>) => i18n.global.t(key, params ?? {});
  /** zod's own words, in any of its messages. */
  const ZOD_ENGLISH = /Invalid|expected|received|Too (small|big)|must match/i;

  it.each([
    [{ headerRow: 1.5 }, 'header_row', 'Dato no válido en header_row: debe ser un número entero', 'header_row: must be a whole number'],
    [{ maxPhonePriority: -1 }, 'max_phone_priority', 'Dato no válido en max_phone_priority: debe ser al menos 0', 'max_phone_priority: must be at least 0'],
  ])('%o is said as data and worded by the catalog in the agent’s language, not in zod’s English', (place, path, spanish, english) => {
    const { form } = formFromInspection(inspection());
    const { mapping, problems } = checkMapping(form, place);
    expect(mapping).toBeNull();
    expect(problems).toEqual([{ kind: 'other', problem: expect.objectContaining({ path }) }]);
    const problem = problems[0]!;
    i18n.global.locale.value = 'es';
    expect(problemText(problem, t)).toBe(spanish);
    i18n.global.locale.value = 'en';
    expect(problemText(problem, t)).toBe(english);
    expect(problemText(problem, t)).not.toMatch(ZOD_ENGLISH);
  });
});
