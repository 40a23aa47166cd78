import type { Texts } from '../texts';

export default {
  title: { en: 'Sign in', es: 'Ingresar' },
  subtitle: { en: 'Pick the environment your administrator gave you.', es: 'Elija el entorno que le indicó su administrador.' },
  environment: { en: 'Environment', es: 'Entorno' },
  email: { en: 'E-mail', es: 'Correo electrónico' },
  password: { en: 'Password', es: 'Contraseña' },
  showPassword: { en: 'Show the password', es: 'Mostrar la contraseña' },
  hidePassword: { en: 'Hide the password', es: 'Ocultar la contraseña' },
  baseUrl: { en: 'Service address', es: 'Dirección del servicio' },
  baseUrlHelp: { en: 'https://… (your administrator has it)', es: 'https://… (se la da su administrador)' },
  submit: { en: 'Sign in', es: 'Ingresar' },
  demoHint: {
    en: 'Demo runs on this machine, no account needed: good for trying things out.',
    es: 'Demo funciona en este equipo, sin cuenta: ideal para probar.',
  },
} satisfies Texts;
