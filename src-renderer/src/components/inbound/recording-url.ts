// A recording handed over as base64 turned into an address an <audio> element can play, and released
// again when the dialog closes (Blob URLs hold their bytes until revoked).

export function recordingUrl(base64: string, contentType: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return URL.createObjectURL(new Blob([bytes], { type: contentType }));
}

export function releaseRecordingUrl(url: string): void {
  URL.revokeObjectURL(url);
}
