// PrimeVue's own words (date pickers, filters, paginators), following the app's language.
const es = {
  startsWith: 'Empieza con', contains: 'Contiene', notContains: 'No contiene', endsWith: 'Termina con', equals: 'Igual a', notEquals: 'Distinto de',
  noFilter: 'Sin filtro', lt: 'Menor que', lte: 'Menor o igual que', gt: 'Mayor que', gte: 'Mayor o igual que', dateIs: 'La fecha es', dateIsNot: 'La fecha no es',
  dateBefore: 'Antes de', dateAfter: 'Después de', clear: 'Limpiar', apply: 'Aplicar', matchAll: 'Todas', matchAny: 'Alguna', addRule: 'Agregar regla', removeRule: 'Quitar regla',
  accept: 'Sí', reject: 'No', choose: 'Elegir', upload: 'Subir', cancel: 'Cancelar', completed: 'Completado', pending: 'Pendiente',
  dayNames: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  dayNamesShort: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  dayNamesMin: ['D', 'L', 'M', 'X', 'J', 'V', 'S'],
  monthNames: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  monthNamesShort: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  chooseYear: 'Elegir año', chooseMonth: 'Elegir mes', chooseDate: 'Elegir fecha', prevDecade: 'Década anterior', nextDecade: 'Década siguiente',
  prevYear: 'Año anterior', nextYear: 'Año siguiente', prevMonth: 'Mes anterior', nextMonth: 'Mes siguiente', prevHour: 'Hora anterior', nextHour: 'Hora siguiente',
  prevMinute: 'Minuto anterior', nextMinute: 'Minuto siguiente', prevSecond: 'Segundo anterior', nextSecond: 'Segundo siguiente', am: 'a. m.', pm: 'p. m.',
  today: 'Hoy', weekHeader: 'Sem', firstDayOfWeek: 1, dateFormat: 'dd/mm/yy', weak: 'Débil', medium: 'Media', strong: 'Fuerte', passwordPrompt: 'Escriba una contraseña',
  emptyFilterMessage: 'Sin resultados', searchMessage: '{0} resultados', selectionMessage: '{0} elementos elegidos', emptySelectionMessage: 'Nada elegido',
  emptySearchMessage: 'Sin resultados', emptyMessage: 'Sin opciones', fileSizeTypes: ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
};

export const primeVueLocales = { es, en: null as null | typeof es };
