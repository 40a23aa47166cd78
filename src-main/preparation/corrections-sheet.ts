// The error report's corrections sheet, as the agent gets it (exports/batch-exports.ts writes it)
// and sends it back (import-corrections.ts reads it). Preparation owns the round trip.
export const CORRECTIONS_SHEET = 'Casos a corregir';
export const CORRECTION_HEADERS = [
  'Código',
  'Nombre',
  'Apellido',
  'Teléfonos',
  'Nro Operación',
  'Producto',
  'Subproducto',
  'Saldo',
  'Vencimiento',
  'Estado',
  'Motivos',
] as const;
