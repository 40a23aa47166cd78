// The few browser facilities the campaign screens use, kept out of the SFCs.

/** Calls `fn` every `ms` milliseconds until the returned function is called. */
export function every(ms: number, fn: () => void): () => void {
  const timer = setInterval(fn, ms);
  return () => clearInterval(timer);
}

/** Calls `fn` whenever `element` comes into view; returns the function that stops watching. */
export function whenVisible(element: Element, fn: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) fn();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Puts the keyboard in the first control inside the element with id `containerId`. */
export function focusFirstControl(containerId: string): void {
  document.getElementById(containerId)?.querySelector<HTMLElement>('input, textarea, [tabindex="0"]')?.focus();
}
