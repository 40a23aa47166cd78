// Reading and writing objects keyed by data (headers, param names) safely: the contract's helpers,
// named here so screens need nothing of the contract. Plain functions, no wire shape.
export { getDataKey, setDataKey } from '../contract/data-keys';
