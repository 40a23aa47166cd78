// Spanish (rioplatense, formal "usted") conversations between the collections bot
// and a debtor, so the emulator can serve a believable transcript per call.
// Pure: all variation comes from the injected `random`.

export interface Utterance {
  text: string;
  confidence: number; // 0..1; bot lines 1, debtor lines 0.6..0.98
  time: number; // seconds from call start
}

export type CallOutcome = 'promise' | 'no_promise' | 'third_party' | 'voicemail' | 'no_answer' | 'busy' | 'wrong_number' | 'failed';

export interface CallScriptInput {
  firstName: string;
  lastName: string;
  companyName: string;
  debt: string; // "1234.56"
  product: string; // product name as spoken
  callDate: string; // YYYY-MM-DD
  outcome: CallOutcome;
  random: () => number;
}

export interface CallScript {
  transcription: Utterance[]; // both sides, time order, "BOT: " / "CLIENTE: " prefixes
  responses: Utterance[]; // debtor lines only, no prefix
  gotPromise: boolean;
  commitment: string; // "YYYY-MM-DD por $ 1.234,56" for a promise, else ""
  durationSeconds: number; // integer, 0 when nobody answered
}

export interface InboundScriptInput {
  firstName: string;
  lastName: string;
  companyName: string;
  random: () => number;
  // Optional extras: with callDate a promise gets a dated commitment; with debt the bot states the balance.
  callDate?: string;
  debt?: string;
}

export const BOT_PREFIX = 'BOT: ';
export const DEBTOR_PREFIX = 'CLIENTE: ';

const AMOUNT = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ');

/** "1234.56" -> "$ 1.234,56" (Argentine grouping). Throws RangeError on non-numeric text. */
export function formatPesos(amount: string): string {
  const trimmed = amount.trim();
  if (!AMOUNT.test(trimmed)) throw new RangeError(`not an amount: "${amount}"`);
  const value = Number(trimmed);
  const fixed = Math.abs(value).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}$ ${grouped},${cents}`;
}

/** 83 -> "00:01:23"; rounds to whole seconds, negatives and NaN count as 0. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

type Pick = <T>(options: readonly [T, ...T[]]) => T;

function picker(random: () => number): Pick {
  return (options) => options[Math.floor(random() * options.length)] ?? options[0];
}

function between(random: () => number, low: number, high: number): number {
  return low + (high - low) * random();
}

function parseDate(date: string): Date {
  const match = ISO_DATE.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // Round-trip check rejects impossible dates such as 2026-02-30.
  if (!parsed || parsed.toISOString().slice(0, 10) !== date) throw new RangeError(`not a date: "${date}"`);
  return parsed;
}

/** The promised day, as ISO and as spoken ("el viernes 28 de noviembre"). */
function promiseDate(callDate: string, random: () => number): { iso: string; spoken: string } {
  const date = parseDate(callDate);
  date.setUTCDate(date.getUTCDate() + 1 + Math.floor(random() * 10)); // 1..10 days later
  const weekday = WEEKDAYS[date.getUTCDay()] ?? '';
  const month = MONTHS[date.getUTCMonth()] ?? '';
  return { iso: date.toISOString().slice(0, 10), spoken: `el ${weekday} ${date.getUTCDate()} de ${month}` };
}

/** Places lines on a clock: each line takes its spoken time plus a pause before the next. */
function conversation(random: () => number) {
  const transcription: Utterance[] = [];
  const responses: Utterance[] = [];
  let clock = between(random, 0.5, 1.5); // pickup to first word
  const say = (prefix: string, text: string, confidence: number) => {
    const time = Math.round(clock * 10) / 10;
    transcription.push({ text: prefix + text, confidence, time });
    const words = text.split(/\s+/).length;
    clock = time + 0.2 + words * between(random, 0.24, 0.32) + between(random, 0.3, 1.1);
    return time;
  };
  return {
    bot: (text: string): void => void say(BOT_PREFIX, text, 1),
    debtor(text: string): void {
      // Speech recognition on a phone line is never certain.
      const confidence = Math.round(between(random, 0.6, 0.98) * 100) / 100;
      responses.push({ text, confidence, time: say(DEBTOR_PREFIX, text, confidence) });
    },
    finish(gotPromise: boolean, commitment: string): CallScript {
      return { transcription, responses, gotPromise, commitment, durationSeconds: Math.ceil(clock) };
    },
  };
}

type Conversation = ReturnType<typeof conversation>;

const unanswered = (): CallScript => ({ transcription: [], responses: [], gotPromise: false, commitment: '', durationSeconds: 0 });

function greet(talk: Conversation, pick: Pick, fullName: string, company: string): void {
  talk.bot(
    pick([
      `Buen día, le habla el asistente virtual de ${company}. ¿Hablo con ${fullName}?`,
      `Hola, buenas tardes. Le hablamos de ${company}. ¿Me comunico con ${fullName}?`,
      `Buenas, ¿qué tal? Nos comunicamos de parte de ${company}. ¿Se encuentra ${fullName}?`,
    ]),
  );
}

/** Debtor confirmed identity: bot states the debt and asks for a payment date. */
function presentDebt(talk: Conversation, pick: Pick, input: CallScriptInput, pesos: string): void {
  const { firstName, product, companyName } = input;
  talk.debtor(pick(['Sí, soy yo.', `Sí, habla ${firstName}.`, 'Sí, ¿quién habla?', `Sí, ${firstName} al habla.`]));
  talk.bot(
    pick([
      `Gracias, ${firstName}. Le informo que esta llamada puede ser grabada. Nos comunicamos con usted por su ${product}, que registra un saldo pendiente de ${pesos}.`,
      `Muchas gracias. Le aviso que la llamada está siendo grabada. Su ${product} tiene una deuda de ${pesos} con ${companyName}.`,
      `Bien. Esta comunicación puede ser grabada. Nos comunicamos porque figura un saldo impago de ${pesos} en su ${product}.`,
    ]),
  );
  talk.debtor(pick(['Ah, sí, estoy al tanto.', 'Sí, ya sé, me atrasé un poco.', 'Uh, sí, me había olvidado.', '¿Tanto? Bueno, sí, lo tengo pendiente.']));
  talk.bot(
    pick([
      '¿Podría indicarnos en qué fecha puede realizar el pago?',
      '¿Tiene posibilidad de regularizar la deuda en los próximos días?',
      '¿Cuándo le quedaría cómodo abonar?',
    ]),
  );
}

function promiseCall(talk: Conversation, pick: Pick, input: CallScriptInput, pesos: string): CallScript {
  const due = promiseDate(input.callDate, input.random);
  presentDebt(talk, pick, input, pesos);
  talk.debtor(
    pick([
      `Puedo pagar ${due.spoken}, cuando cobre.`,
      `Le pago ${due.spoken}, sin falta.`,
      `Mire, ${due.spoken} le puedo hacer el pago completo.`,
      `Déjeme ver... ${due.spoken} sí puedo.`,
    ]),
  );
  talk.bot(`Perfecto. Registramos su compromiso de pago de ${pesos} para ${due.spoken}. ¿Es correcto?`);
  talk.debtor(pick(['Sí, correcto.', 'Sí, así es.', 'Exacto.', 'Sí, perfecto.']));
  talk.bot(
    pick([
      `Muchas gracias, ${input.firstName}. Le vamos a enviar los datos para el pago por WhatsApp. Que tenga un buen día.`,
      'Gracias por su tiempo. Recuerde que puede pagar por transferencia o en Rapipago y Pago Fácil. Que tenga buena jornada.',
    ]),
  );
  return talk.finish(true, `${due.iso} por ${pesos}`);
}

function noPromiseCall(talk: Conversation, pick: Pick, input: CallScriptInput, pesos: string): CallScript {
  presentDebt(talk, pick, input, pesos);
  talk.debtor(
    pick([
      'Ahora no puedo, me quedé sin trabajo.',
      'La verdad que este mes no llego, tengo muchos gastos.',
      'No le puedo dar una fecha todavía, tengo que ver cómo vengo.',
      'No, no estoy de acuerdo con ese monto.',
    ]),
  );
  talk.bot(
    pick([
      'Entiendo. Podemos ofrecerle un plan de pagos en cuotas. ¿Le interesaría?',
      'Comprendo su situación. Tenemos opciones de refinanciación. ¿Quiere que le enviemos la propuesta?',
    ]),
  );
  talk.debtor(pick(['Por ahora no, gracias.', 'Mándeme la información y lo veo.', 'No, por el momento no puedo comprometerme.']));
  talk.bot(
    pick([
      'De acuerdo. Nos volveremos a comunicar en los próximos días. Que tenga un buen día.',
      'Entendido. Le enviamos la información por WhatsApp para que la revise. Muchas gracias por atendernos.',
    ]),
  );
  return talk.finish(false, '');
}

/** Someone else answered: the bot must not disclose the debt to them. */
function thirdPartyCall(talk: Conversation, pick: Pick, input: CallScriptInput): CallScript {
  const { firstName, companyName } = input;
  talk.debtor(
    pick([
      `No, ${firstName} no está en este momento.`,
      'No, no se encuentra. ¿De parte de quién?',
      'No, habla un familiar. ¿Quién pregunta?',
      `${firstName} salió, vuelve más tarde. ¿Le dejo algún mensaje?`,
    ]),
  );
  talk.bot(
    pick([
      `Le hablamos de ${companyName}. ¿Podría pedirle a ${firstName} que se comunique con nosotros a la brevedad? Es por un asunto personal.`,
      `Somos de ${companyName}. Necesitamos hablar con ${firstName} por un asunto personal. ¿Sabe en qué horario podríamos volver a llamar?`,
    ]),
  );
  talk.debtor(pick(['Bueno, le aviso.', 'Pruebe a la tarde, después de las seis.', 'Está bien, yo le digo.']));
  talk.bot(pick(['Muchas gracias por su ayuda. Que tenga un buen día.', 'Se lo agradecemos mucho. Hasta luego.']));
  return talk.finish(false, '');
}

function wrongNumberCall(talk: Conversation, pick: Pick, fullName: string): CallScript {
  talk.debtor(
    pick([
      'No, acá no vive nadie con ese nombre.',
      'No conozco a esa persona, creo que se equivocó de número.',
      `¿Quién? No, no conozco a ${fullName}. Número equivocado.`,
    ]),
  );
  if (pick([true, false])) {
    talk.bot(`Disculpe, ¿este número no corresponde a ${fullName}?`);
    talk.debtor(pick(['No, para nada. Hace años que tengo esta línea.', 'No, le repito que no conozco a esa persona.']));
  }
  talk.bot(
    pick([
      'Disculpe la molestia. Vamos a actualizar nuestros registros. Que tenga un buen día.',
      'Le pido disculpas, quitaremos este número de nuestra base. Hasta luego.',
    ]),
  );
  return talk.finish(false, '');
}

/** Voicemail: a short neutral message, no amounts (anyone may hear it). */
function voicemailCall(talk: Conversation, pick: Pick, fullName: string, company: string): CallScript {
  talk.bot(
    pick([
      `Este es un mensaje para ${fullName}. Le hablamos de ${company} por un asunto personal.`,
      `Hola, buscamos comunicarnos con ${fullName} de parte de ${company}.`,
    ]),
  );
  talk.bot(
    pick([
      'Por favor, comuníquese con nosotros a la brevedad. Muchas gracias.',
      'Le pedimos que nos devuelva el llamado o nos escriba por WhatsApp. Que tenga un buen día.',
    ]),
  );
  return talk.finish(false, '');
}

/** An outbound call to the debtor, scripted for the given outcome. */
export function outboundCallScript(input: CallScriptInput): CallScript {
  const { outcome, random, companyName } = input;
  if (outcome === 'no_answer' || outcome === 'busy' || outcome === 'failed') return unanswered();
  const pick = picker(random);
  const talk = conversation(random);
  const fullName = `${input.firstName} ${input.lastName}`;
  const pesos = formatPesos(input.debt);
  if (outcome === 'voicemail') return voicemailCall(talk, pick, fullName, companyName);
  greet(talk, pick, fullName, companyName);
  switch (outcome) {
    case 'promise':
      return promiseCall(talk, pick, input, pesos);
    case 'no_promise':
      return noPromiseCall(talk, pick, input, pesos);
    case 'third_party':
      return thirdPartyCall(talk, pick, input);
    case 'wrong_number':
      return wrongNumberCall(talk, pick, fullName);
  }
}

function spokenDni(random: () => number): string {
  const number = 20_000_000 + Math.floor(random() * 26_000_000);
  return number.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The debtor calls in: identifies, asks for the balance, and maybe promises to pay. */
export function inboundCallScript(input: InboundScriptInput): CallScript {
  const { firstName, lastName, companyName, random } = input;
  const pick = picker(random);
  const talk = conversation(random);
  const fullName = `${firstName} ${lastName}`;
  talk.bot(
    pick([
      `Gracias por comunicarse con ${companyName}. Soy su asistente virtual. ¿Con quién tengo el gusto?`,
      `Hola, le damos la bienvenida a ${companyName}. ¿Me indica su nombre y apellido, por favor?`,
    ]),
  );
  talk.debtor(pick([`Hola, soy ${fullName}.`, `Buenas, habla ${fullName}. Me llamaron de este número.`, `Sí, mi nombre es ${fullName}.`]));
  talk.bot(`Gracias, ${firstName}. Para validar su identidad, ¿me indica su número de DNI?`);
  const dni = spokenDni(random);
  talk.debtor(pick([`Sí, es ${dni}.`, `Claro, ${dni}.`]));
  talk.bot('Perfecto, ya encontré su cuenta. ¿En qué le puedo ayudar?');
  talk.debtor(pick(['Quería saber cuánto debo.', 'Quiero consultar el saldo de mi deuda.', 'Me llegó un mensaje por una deuda y quería saber el monto.']));
  const pesos = input.debt === undefined ? null : formatPesos(input.debt);
  talk.bot(
    (pesos === null
      ? `Usted registra un saldo pendiente con ${companyName}; le enviamos el detalle por WhatsApp.`
      : `Su saldo pendiente con ${companyName} es de ${pesos}.`) + ' ¿Desea acordar una fecha de pago?',
  );
  if (random() >= 0.5) {
    talk.debtor(pick(['Por ahora no, después vuelvo a llamar.', 'No, solamente quería saber el monto.']));
    talk.bot('De acuerdo. Cuando lo desee puede comunicarse nuevamente. Que tenga un buen día.');
    return talk.finish(false, '');
  }
  const due = input.callDate === undefined ? null : promiseDate(input.callDate, random);
  const when = due?.spoken ?? pick(['la semana que viene', 'a fin de mes']);
  talk.debtor(pick([`Sí, puedo pagar ${when}.`, `Dale, ${when} le hago el pago.`]));
  talk.bot(`Listo, registramos su compromiso de pago para ${when}. Muchas gracias por comunicarse.`);
  // Without a call date there is no calendar day to commit to, so the commitment stays empty.
  const commitment = due === null ? '' : pesos === null ? due.iso : `${due.iso} por ${pesos}`;
  return talk.finish(true, commitment);
}
