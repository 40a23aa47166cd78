// How a picked file travels to the main process when one call cannot carry it: in parts, in order
// (files:receiveStart, files:receivePart, files:receiveEnd). Shared by the page, which cuts the file,
// and the surface, which checks each part.

/** The bytes of one part: base64 of it is about 11 MB, well inside every adapter's call. */
export const RECEIVE_PART_BYTES = 8 * 1024 * 1024;

/** The longest base64 of one part (4 characters for every 3 bytes, padded). */
export const RECEIVE_PART_BASE64 = Math.ceil(RECEIVE_PART_BYTES / 3) * 4;
