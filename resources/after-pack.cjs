// electron-builder after-pack step: flip Electron's fuses so the packaged app cannot be turned into
// a generic Node runtime (RunAsNode off, no NODE_OPTIONS, no --inspect, asar integrity on, and
// loading the app only from the asar).
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');
const path = require('node:path');

exports.default = async function afterPack(context) {
  const { electronPlatformName, appOutDir, packager } = context;
  const name = packager.appInfo.productFilename;
  const binary =
    electronPlatformName === 'darwin' ? path.join(appOutDir, `${name}.app`) : electronPlatformName === 'win32' ? path.join(appOutDir, `${name}.exe`) : path.join(appOutDir, packager.executableName);
  await flipFuses(binary, {
    version: FuseVersion.V1,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
  });
};
