// A row read through the mapping: a full name column split the two ways creditors write it.
import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../../src-main/preparation/build/mapped-rows';

describe('splitFullName', () => {
  it('reads "LAST, First" and "First Last"', () => {
    expect(splitFullName('PÉREZ, Ana María')).toEqual({ lastName: 'PÉREZ', firstName: 'Ana María' });
    expect(splitFullName('Ana María Pérez')).toEqual({ firstName: 'Ana María', lastName: 'Pérez' });
    expect(splitFullName('Pérez')).toEqual({ firstName: '', lastName: 'Pérez' });
  });
});
