// A mapping file for the sample creditor file (cartera-banco-del-sur.xlsx), as an agent would write
// it: given to `prepare` with --creditor, it becomes that creditor's template.
export const SAMPLE_MAPPING = {
  header_row: 4,
  columns: {
    code: 'DNI',
    full_name: 'Apellido y Nombre',
    phones: ['Celular'],
    debt_code: 'Nro Operación',
    pid: 'Producto',
    debt: 'Saldo',
    expiration: 'Vencimiento',
    params: { branch: 'Sucursal' },
  },
  decimal_separator: ',',
  date_order: 'DMY',
  default_area_code: '11',
  max_phone_priority: 0,
};
