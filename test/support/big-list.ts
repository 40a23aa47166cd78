// A creditor's list as a CSV, big enough for the batch writer thread (10,000 cases and more).

/** `cases` debtors, one row each. */
export function bigList(cases: number): string {
  const lines = ['DNI;Apellido y Nombre;Celular;Nro Operación;Producto;Saldo;Vencimiento'];
  for (let i = 0; i < cases; i++) {
    lines.push(`${20_000_000 + i};APELLIDO${i % 977}, Nombre ${i % 313};351 15 ${6_000_000 + i};OP-${i};Tarjeta Visa;${1000 + i},50;10/12/2027`);
  }
  return lines.join('\n');
}
