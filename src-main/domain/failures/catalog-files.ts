// Failures of the files an agent hands over, reading them, and preparing and editing batches.
import type { CatalogEntry } from './failure-class';

export const FILE_FAILURES = {
  'file.empty': { class: 'invalid-input', en: '{file} is empty.', es: '{file} está vacío.' },
  'file.too_large': { class: 'invalid-input', en: '{file} is larger than the {limitMb} MB limit.', es: '{file} supera el máximo de {limitMb} MB.' },
  'file.receive_broken': {
    class: 'invalid-input',
    en: '{file} did not arrive whole (part at byte {offset} of {bytes}); pick it again.',
    es: '{file} no llegó completo (parte en el byte {offset} de {bytes}); vuelva a elegirlo.',
  },
  'file.cannot_open': { class: 'invalid-input', en: 'Cannot open {path}.', es: 'No se puede abrir {path}.' },
  'file.not_a_file': { class: 'invalid-input', en: '{file} is not a file.', es: '{file} no es un archivo.' },
  'file.changed': {
    class: 'invalid-input',
    en: '{file} changed while it was being read; try again once it is saved.',
    es: '{file} cambió mientras se leía; vuelva a intentarlo cuando esté guardado.',
  },
  'file.not_handed_over': {
    class: 'not-found',
    en: 'That file is not among the files handed over to CaseDesk since it started; pick it again.',
    es: 'Ese archivo no está entre los entregados a CaseDesk desde que se inició; vuelva a elegirlo.',
  },
  'file.gone': { class: 'not-found', en: '{file} cannot be opened any more; pick it again.', es: '{file} ya no se puede abrir; vuelva a elegirlo.' },
  'file.local_only': {
    class: 'forbidden',
    en: '{procedure} is only for the casedesk command line; pick or drop the file in the app instead.',
    es: '{procedure} es solo para la línea de comandos casedesk; elija o arrastre el archivo en la aplicación.',
  },

  // The emulator's --db (and SQLite's files beside it) must be plain files: one that is a link would
  // have its target written and its mode changed.
  'emulator.db_link': {
    class: 'refused',
    en: '{path} is a symbolic link: the emulator keeps its database in a plain file only. Remove the link, or name another file with --db.',
    es: '{path} es un enlace simbólico: el emulador guarda su base solo en un archivo común. Quite el enlace, o indique otro archivo con --db.',
  },

  // A file CaseDesk writes where the agent said (exports/write-failure.ts), from the OS's error code.
  'export.folder_missing': {
    class: 'invalid-input',
    en: 'The folder {folder} does not exist (or is not a folder); choose another place to save the file.',
    es: 'La carpeta {folder} no existe (o no es una carpeta); elija otro lugar donde guardar el archivo.',
  },
  'export.file_busy': {
    class: 'forbidden',
    en: 'Could not write {file}: it is open in another program, or it or its folder is read-only. Close it, or choose another place.',
    es: 'No se pudo escribir {file}: está abierto en otro programa, o el archivo o su carpeta son de solo lectura. Ciérrelo o elija otro lugar.',
  },
  'export.disk_full': {
    class: 'refused',
    en: 'Could not write {file}: the disk is full. Free some space, or choose another place.',
    es: 'No se pudo escribir {file}: el disco está lleno. Libere espacio o elija otro lugar.',
  },
  // An Excel sheet holds 1,048,576 rows, its header included: a batch's sheet past that cannot be opened.
  'export.too_big': {
    class: 'refused',
    en: 'This file would have more than {max} rows ({cases} cases), more than a spreadsheet sheet holds. The cases and their reasons are still in the batch grid.',
    es: 'Este archivo tendría más de {max} filas ({cases} casos), más de las que admite una hoja de cálculo. Los casos y sus motivos siguen en la grilla del lote.',
  },
  'export.sheet_too_long': {
    class: 'refused',
    en: 'The sheet {sheet} would have more than {max} rows, more than a spreadsheet sheet holds.',
    es: 'La hoja {sheet} tendría más de {max} filas, más de las que admite una hoja de cálculo.',
  },
  'export.write_failed': {
    class: 'refused',
    en: 'Could not write {file} (the system said {reason}).',
    es: 'No se pudo escribir {file} (el sistema indicó {reason}).',
  },

  'read.damaged': { class: 'invalid-input', en: '{file} is damaged or incomplete.', es: '{file} está dañado o incompleto.' },
  'read.damaged_archive': {
    class: 'invalid-input',
    en: 'The file is damaged or incomplete (it cannot be opened as a spreadsheet).',
    es: 'El archivo está dañado o incompleto (no se puede abrir como planilla).',
  },
  'read.zip_too_many_entries': {
    class: 'invalid-input',
    en: 'The file expands to an excessive size (more than {limit} entries); it was not opened.',
    es: 'El archivo se expande a un tamaño excesivo (más de {limit} entradas); no se abrió.',
  },
  'read.zip_too_large': {
    class: 'invalid-input',
    en: 'The file expands to an excessive size (over {limitMb} MB); it was not opened.',
    es: 'El archivo se expande a un tamaño excesivo (más de {limitMb} MB); no se abrió.',
  },
  'read.zip_ratio': {
    class: 'invalid-input',
    en: 'The file expands to an excessive size ("{entry}" compressed over {ratio} to 1); it was not opened.',
    es: 'El archivo se expande a un tamaño excesivo ("{entry}" comprimido más de {ratio} a 1); no se abrió.',
  },
  'read.zip_inflates': {
    class: 'invalid-input',
    en: 'The file expands to an excessive size ("{entry}" inflates beyond the size it declares); it was not opened.',
    es: 'El archivo se expande a un tamaño excesivo ("{entry}" se expande más de lo que declara); no se abrió.',
  },
  'read.not_a_spreadsheet': {
    class: 'invalid-input',
    en: '{file} is not a spreadsheet or a text file.',
    es: '{file} no es una planilla ni un archivo de texto.',
  },
  'read.encrypted': {
    class: 'invalid-input',
    en: '{file} is password-protected; save it without a password and try again.',
    es: '{file} está protegido con contraseña; guárdelo sin contraseña e intente de nuevo.',
  },
  'read.no_sheets': { class: 'invalid-input', en: '{file} has no sheets.', es: '{file} no tiene hojas.' },
  'read.too_many_rows': { class: 'invalid-input', en: 'Sheet "{sheet}" has more than {limit} rows.', es: 'La hoja "{sheet}" tiene más de {limit} filas.' },
  'read.too_many_text_rows': { class: 'invalid-input', en: '{file} has more than {limit} rows.', es: '{file} tiene más de {limit} filas.' },
  'read.too_many_columns': {
    class: 'invalid-input',
    en: 'Row {row} of "{sheet}" has more than {limit} columns.',
    es: 'La fila {row} de "{sheet}" tiene más de {limit} columnas.',
  },
  'read.unclosed_quote': {
    class: 'invalid-input',
    en: 'Row {row} of {file} opens a quoted cell that never closes: the rows after it cannot be told apart.',
    es: 'La fila {row} de {file} abre una celda entre comillas que nunca se cierra: las filas que siguen no se pueden separar.',
  },
  'read.too_many_codes': {
    class: 'invalid-input',
    en: '{file} lists more than {limit} codes: a list of codes that long is not read (phones have no such limit).',
    es: '{file} tiene más de {limit} códigos: una lista de códigos tan larga no se lee (los teléfonos no tienen ese límite).',
  },
  'read.too_many_terms': {
    class: 'invalid-input',
    en: '{file} gives too many different reasons, last days and creditors (more than {limit} combinations, or more than {limitMb} MB of their text): a list like that is not read.',
    es: '{file} tiene demasiados motivos, últimos días y acreedores distintos (más de {limit} combinaciones, o más de {limitMb} MB de texto): una lista así no se lee.',
  },
  'read.too_many_text_columns': { class: 'invalid-input', en: 'Row {row} has more than {limit} columns.', es: 'La fila {row} tiene más de {limit} columnas.' },
  'read.cell_too_long': {
    class: 'invalid-input',
    en: 'Cell {cell} of "{sheet}" has more than {limit} characters.',
    es: 'La celda {cell} de "{sheet}" tiene más de {limit} caracteres.',
  },
  'read.too_many_cells': {
    class: 'invalid-input',
    en: '{file} needs more cells than the limit of {limit} (counted: {cells}); it was not opened.',
    es: '{file} necesita más celdas que el máximo de {limit} (contadas: {cells}); no se abrió.',
  },
  'read.too_much_memory': {
    class: 'invalid-input',
    en: '{file} needs more memory than CaseDesk gives to reading a file ({limitMb} MB); split it into smaller files.',
    es: '{file} necesita más memoria de la que CaseDesk dedica a leer un archivo ({limitMb} MB); divídalo en archivos más chicos.',
  },
  'read.not_a_correction_report': {
    class: 'invalid-input',
    en: '{file} is not a CaseDesk error report (columns {missing} are missing).',
    es: '{file} no es un reporte de errores de CaseDesk (faltan las columnas {missing}).',
  },

  'prepare.no_such_sheet': {
    class: 'invalid-input',
    en: '{file} has no sheet "{sheet}" (it has {sheets}).',
    es: '{file} no tiene una hoja "{sheet}" (tiene {sheets}).',
  },
  'prepare.campaign_not_here': {
    class: 'invalid-input',
    en: 'Campaign {campaignId} is not on this machine; sync its campaigns or give the max phone priority.',
    es: 'La campaña {campaignId} no está en este equipo; sincronice sus campañas o indique la prioridad máxima de teléfono.',
  },
  'prepare.no_target': {
    class: 'invalid-input',
    en: 'Give the target campaign or its max phone priority.',
    es: 'Indique la campaña destino o su prioridad máxima de teléfono.',
  },
  // Not a failure: the agent stopped it.
  'prepare.cancelled': {
    class: 'notice',
    en: 'Preparing {file} was stopped, as asked; no batch was kept.',
    es: 'Se detuvo la preparación de {file}, como se pidió; no se guardó ningún lote.',
  },
  'prepare.header_only': {
    class: 'invalid-input',
    en: 'Sheet "{sheet}" has a header but no data rows.',
    es: 'La hoja "{sheet}" tiene encabezados pero ninguna fila de datos.',
  },
  'prepare.no_header_row': {
    class: 'invalid-input',
    en: 'No header row was found in sheet "{sheet}"; give it.',
    es: 'No se encontró la fila de encabezados en la hoja "{sheet}"; indíquela.',
  },
  'prepare.columns_not_recognised': {
    class: 'invalid-input',
    en: 'Columns {columns} could not be recognised; use a mapping file.',
    es: 'No se pudieron reconocer las columnas {columns}; use un archivo de mapeo.',
  },
  'mapping.missing_columns': {
    class: 'invalid-input',
    en: 'The file has no column named {columns}.',
    es: 'El archivo no tiene ninguna columna llamada {columns}.',
  },

  'edit.case_not_in_batch': { class: 'not-found', en: 'Case {caseId} is not in batch {batchId}.', es: 'El caso {caseId} no está en el lote {batchId}.' },
  'edit.case_sent': {
    class: 'invalid-input',
    en: 'Case {code} was already sent ({state}); it cannot be edited.',
    es: 'El caso {code} ya se envió ({state}); no se puede editar.',
  },
  'edit.no_product': { class: 'invalid-input', en: 'Case {code} has no product {product}.', es: 'El caso {code} no tiene un producto {product}.' },
  'edit.case_vanished': { class: 'not-found', en: 'The case is no longer in the batch.', es: 'El caso ya no está en el lote.' },
  'edit.bad_area_code': {
    class: 'invalid-input',
    en: '"{areaCode}" is not an area code (2 to 4 digits, no leading 0).',
    es: '"{areaCode}" no es una característica (de 2 a 4 dígitos, sin 0 adelante).',
  },
} as const satisfies Record<string, CatalogEntry>;
