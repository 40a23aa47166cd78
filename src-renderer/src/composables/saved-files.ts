// Bytes that crossed the command surface as base64, turned into something the browser can use.

export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Hands a file to the browser's "save" (an `<a download>` click). */
export function saveFile(file: { name: string; contentType: string; base64: string }): void {
  const url = URL.createObjectURL(base64Blob(file.base64, file.contentType));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is not needed past it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** An audio type the `<audio>` element understands (inbound recordings come as octet-stream). */
export function audioType(contentType: string, format: string): string {
  if (contentType.startsWith('audio/')) return contentType;
  return `audio/${format || 'wav'}`;
}

/** A URL for the bytes, to be released with `releaseUrl` when no longer shown. */
export function objectUrl(blob: Blob): string {
  return URL.createObjectURL(blob);
}

export function releaseUrl(url: string): void {
  URL.revokeObjectURL(url);
}
