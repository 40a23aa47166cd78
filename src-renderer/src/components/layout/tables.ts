// The lists whose row opens what it shows (a bot's campaigns, a campaign's cases): a click, or Enter on the
// focused row, selects it and the screen opens it. One row at a time and without Ctrl (PrimeVue's default
// wants it for a click), compact and striped like the app's other lists; PrimeVue's own style gives such
// rows the pointer. Bound on the DataTable with v-bind, next to its v-model:selection and @row-select.
export const OPENABLE_ROWS = { dataKey: 'id', selectionMode: 'single', metaKeySelection: false, stripedRows: true, size: 'small' } as const;
