export default {
  es: {
    title: 'Ingresar',
    subtitle: 'Elija el entorno que le indicó su administrador.',
    environment: 'Entorno',
    email: 'Correo electrónico',
    password: 'Contraseña',
    baseUrl: 'Dirección del servicio',
    baseUrlHelp: 'https://… (se la da su administrador)',
    submit: 'Ingresar',
    demoHint: 'Demo funciona en este equipo, sin cuenta: ideal para probar.',
  },
  en: {
    title: 'Sign in',
    subtitle: 'Pick the environment your administrator gave you.',
    environment: 'Environment',
    email: 'E-mail',
    password: 'Password',
    baseUrl: 'Service address',
    baseUrlHelp: 'https://… (your administrator has it)',
    submit: 'Sign in',
    demoHint: 'Demo runs on this machine, no account needed: good for trying things out.',
  },
};
