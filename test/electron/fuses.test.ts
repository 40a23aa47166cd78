// The packaged app's fuses: no Node runtime, no injected code, and no extra privileges for file://.
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const afterPack = createRequire(import.meta.url)('../../resources/after-pack.cjs') as { FUSES: Record<string, boolean>; fuseConfig(): Record<string, unknown> };

const knownFuses = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)));

describe('after-pack fuses', () => {
  it('decides every fuse @electron/fuses knows, naming none it does not', () => {
    expect(Object.keys(afterPack.FUSES).sort()).toEqual([...knownFuses].sort());
  });

  it('turns off what would let code in or widen file://', () => {
    const config = afterPack.fuseConfig();
    expect(config).toMatchObject({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
  });
});
