// The scanner the Spanish day test reads every screen and file with: it must find each kind of slip,
// and let Spanish through.
import { describe, expect, it } from 'vitest';
import { englishFindings } from './english-scan';

const kinds = (text: string, file = true) => englishFindings(text, { file }).map((f) => f.what);

describe('englishFindings', () => {
  it('lets Argentine Spanish through', () => {
    const spanish = [
      'Casos cargados en la campaña: 8 · Rechazados: 0',
      'Monto prometido $ 152.340,50 · vence el 10/12/2026 a las 09:32',
      'Contactados · 50 % — Sin resultado final: 6',
      'La campaña n.º 7 está En pausa: no llama hasta que la inicie o le cargue casos.',
      'Error de red: no se pudo descargar. Total: 3. Final: Sí.',
      'Tamaño: 47 bytes · 1,2 MB',
      'demo@casedesk.local · cartera-banco-del-sur.xlsx · WhatsApp',
    ];
    for (const text of spanish) expect(englishFindings(text), text).toEqual([]);
  });

  it.each([
    ['Upload failed: 3 cases rejected', 'an English word'],
    ['Estado: PAUSED', 'a code or key'],
    ['Resultado: NO_ANSWER', 'a code or key'],
    ['Acción: campaigns:followup', 'a code or key'],
    ['batch.table.phones', 'a code or key'],
    ['products[0].debt: falta', 'a code or key'],
    ['phone_settings.phone_list: tiene 2', 'a code or key'],
    ['Teléfono 1145 (invalid)', 'a code or key'],
    ['Nombre: undefined', 'a code or key'],
    ['Quedan {n} casos', 'a code or key'],
    ['Monto $152,340.50', 'an amount with a decimal point'],
    ['Vence 2026-12-10', 'a date year first'],
    ['Vence 12/28/2026', 'a date month first'],
    ['A las 09:32 a. m.', 'a 12-hour time'],
    ['Avance 60%', 'a percentage without its space'],
    ['Tamaño 47 B', 'a size in bytes as a letter'],
    ['Guardado en /tmp/casedesk/errores.xlsx', 'a path on this computer'],
    ['Guardado en C:\\Users\\ana\\errores.xlsx', 'a path on this computer'],
  ])('finds %j', (text, what) => {
    expect(kinds(text)).toContain(what);
  });

  it('lets a screen show the agent their own folder and the environment variables IT sets, never a file', () => {
    expect(kinds('Carpeta de datos /tmp/casedesk-e2e-1 · la clave que da CASEDESK_DB_KEY', false)).toEqual([]);
    expect(kinds('Guardado en /tmp/casedesk/errores.xlsx', true)).toEqual(['a path on this computer']);
  });

  it("skips the service's own words and the creditor's data it is told to", () => {
    expect(englishFindings('El servicio respondió: «has 2 numbers; this campaign takes at most 1»')).toEqual([]);
    expect(englishFindings('Producto: The Card', { allowed: ['The Card'] })).toEqual([]);
    expect(kinds('Producto: The Card')).toEqual(['an English word']);
  });
});
