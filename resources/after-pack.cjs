// electron-builder after-pack step: flip Electron's fuses so the packaged app cannot be turned into
// a generic Node runtime or given more than a browser would grant. Every fuse this @electron/fuses
// knows is decided here (test/electron/fuses.test.ts checks it). Not strictlyRequireAllFuses: Electron
// 45's wire has a ninth fuse (WasmTrapHandlers, on by default) that @electron/fuses 1.8 cannot name.
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');
const path = require('node:path');

/** Each fuse of @electron/fuses' V1 wire by name, and why it is set so. */
const FUSES = {
  // ELECTRON_RUN_AS_NODE would make the signed binary a plain Node.
  RunAsNode: false,
  EnableCookieEncryption: true,
  // NODE_OPTIONS and --inspect would run someone else's code inside the app.
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  // The app code is the asar that shipped, checked, and nothing else.
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  // The page is served from app://; file:// pages get no privileges beyond a browser's.
  GrantFileProtocolExtraPrivileges: false,
};

/** The configuration handed to flipFuses; an unknown fuse name is an error, never skipped. */
function fuseConfig() {
  const config = { version: FuseVersion.V1 };
  for (const [name, value] of Object.entries(FUSES)) {
    const index = FuseV1Options[name];
    if (typeof index !== 'number') throw new Error(`@electron/fuses has no fuse named ${name}`);
    config[index] = value;
  }
  return config;
}

exports.FUSES = FUSES;
exports.fuseConfig = fuseConfig;
exports.default = async function afterPack(context) {
  const { electronPlatformName, appOutDir, packager } = context;
  const name = packager.appInfo.productFilename;
  const binary =
    electronPlatformName === 'darwin'
      ? path.join(appOutDir, `${name}.app`)
      : electronPlatformName === 'win32'
        ? path.join(appOutDir, `${name}.exe`)
        : path.join(appOutDir, packager.executableName);
  await flipFuses(binary, fuseConfig());
};
