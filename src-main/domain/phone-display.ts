// A stored phone (the service's 10-digit national number) as an Argentine reads it: the area code,
// then the subscriber split where the country splits it ("11 4567-8901", "351 456-7890",
// "2964 45-6789"). The stored value never changes: this is for the eye only.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A 10-digit national number written readable; anything else comes back as it is. */
export function readablePhone(value: string): string {
  if (!/^\d{10}$/.test(value)) return value;
  // libphonenumber writes the national form with the trunk 0 ("011 4567-8901"); lists drop it.
  const national = parsePhoneNumberFromString(`0${value}`, 'AR')?.formatNational();
  return national && /^0\d/.test(national) ? national.slice(1) : value;
}
