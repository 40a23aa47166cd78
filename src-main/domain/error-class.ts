// What an error's class is called, for the diagnostic log (which keeps the class, never the message).

/**
 * The constructor's name, or, for a plain Error given a name of its own (one rebuilt from a worker
 * thread's), that name. Only an identifier is kept: a class name is code's, never the user's words.
 */
export function errorClassName(error: Error): string {
  const ctor = error.constructor?.name;
  const name = ctor && ctor !== 'Error' ? ctor : typeof error.name === 'string' ? error.name : 'Error';
  return /^[A-Za-z_$][\w$]{0,63}$/.test(name) ? name : 'Error';
}
