// Why the service was not reached (params.problem of an offline failure), in words IT can act on.
export default {
  es: {
    problem: {
      dns: 'No se pudo conectar: el nombre {host} no se encuentra (DNS). Revise la dirección y la red de este equipo.',
      refused: 'No se pudo conectar: {host} rechazó la conexión; el servicio no atiende allí.',
      unreachable: 'No se pudo conectar: {host} no es alcanzable desde esta red.',
      'connect-timeout': 'No se pudo conectar: {host} no aceptó la conexión a tiempo.',
      'tls-untrusted':
        'No se pudo conectar: el certificado de {host} no es de confianza (lo firmó una autoridad que este equipo no reconoce). Si su red inspecciona TLS, su área de sistemas debe instalar su certificado raíz.',
      'tls-expired': 'No se pudo conectar: el certificado de {host} venció o aún no es válido (revise la fecha y hora de este equipo).',
      'tls-wrong-name': 'No se pudo conectar: el certificado presentado por {host} es de otro nombre.',
      'tls-failed': 'No se pudo establecer una conexión segura (TLS) con {host}.',
      'proxy-auth': 'El proxy {proxy} pide autenticación (HTTP 407). Consulte a su área de sistemas.',
      'proxy-refused': 'El proxy {proxy} no abrió la conexión con {host} (HTTP {proxyStatus}).',
      'proxy-unreachable': 'No se pudo llegar al proxy {proxy}. Consulte a su área de sistemas.',
      connection: 'Se cortó la conexión con {host} antes de la respuesta.',
    },
  },
  en: {
    problem: {
      dns: 'Could not connect: the name {host} cannot be found (DNS). Check the address and this computer’s network.',
      refused: 'Could not connect: {host} refused the connection; the service is not listening there.',
      unreachable: 'Could not connect: {host} cannot be reached from this network.',
      'connect-timeout': 'Could not connect: {host} did not accept a connection in time.',
      'tls-untrusted':
        'Could not connect: the certificate of {host} is not trusted (signed by an authority this computer does not recognise). If your network inspects TLS, IT must install its root certificate.',
      'tls-expired': 'Could not connect: the certificate of {host} has expired or is not valid yet (check this computer’s date and time).',
      'tls-wrong-name': 'Could not connect: the certificate presented by {host} is for another name.',
      'tls-failed': 'A secure (TLS) connection to {host} could not be set up.',
      'proxy-auth': 'The proxy {proxy} asks for authentication (HTTP 407). Ask your IT department.',
      'proxy-refused': 'The proxy {proxy} did not open a connection to {host} (HTTP {proxyStatus}).',
      'proxy-unreachable': 'The proxy {proxy} cannot be reached. Ask your IT department.',
      connection: 'The connection to {host} broke before an answer came.',
    },
  },
};
