// The app's PrimeVue theme: Aura, with its colours moved to the shades where text reaches WCAG AA
// contrast (4.5:1) on the backgrounds it is drawn on. Aura's own 500 shades under white text
// (emerald 2.5:1, green 2.3:1, orange 2.8:1, red 3.8:1) and as text (yellow-600 on yellow-50 2.8:1,
// slate-500 on the app's grey 4.4:1) do not; the 700 shades do (4.8–6.5:1), slate-600 7:1.
import { definePreset } from '@primeuix/themes';
import Aura from '@primeuix/themes/aura';

/** Each severity's palette, as Aura names them for buttons and messages. */
const SEVERITY_PALETTES = { info: 'sky', success: 'green', warn: 'orange', help: 'purple', danger: 'red' } as const;
const MESSAGE_PALETTES = { info: 'blue', success: 'green', warn: 'yellow', error: 'red' } as const;

function solidButton(palette: string) {
  return {
    background: `{${palette}.700}`,
    hoverBackground: `{${palette}.800}`,
    activeBackground: `{${palette}.900}`,
    borderColor: `{${palette}.700}`,
    hoverBorderColor: `{${palette}.800}`,
    activeBorderColor: `{${palette}.900}`,
    color: '{surface.0}',
    hoverColor: '{surface.0}',
    activeColor: '{surface.0}',
    focusRing: { color: `{${palette}.700}`, shadow: 'none' },
  };
}

function perSeverity<T>(palettes: Record<string, string>, make: (palette: string) => T): Record<string, T> {
  return Object.fromEntries(Object.entries(palettes).map(([severity, palette]) => [severity, make(palette)]));
}

export const CaseDeskTheme = definePreset(Aura, {
  semantic: {
    colorScheme: {
      light: {
        primary: { color: '{primary.700}', contrastColor: '{surface.0}', hoverColor: '{primary.800}', activeColor: '{primary.900}' },
        text: { color: '{surface.700}', hoverColor: '{surface.800}', mutedColor: '{surface.600}', hoverMutedColor: '{surface.700}' },
      },
    },
  },
  components: {
    button: {
      colorScheme: {
        light: {
          root: perSeverity(SEVERITY_PALETTES, solidButton),
          outlined: { secondary: { color: '{surface.600}' }, ...perSeverity(SEVERITY_PALETTES, (p) => ({ color: `{${p}.700}` })) },
          text: { secondary: { color: '{surface.600}' }, ...perSeverity(SEVERITY_PALETTES, (p) => ({ color: `{${p}.700}` })) },
        },
      },
    },
    togglebutton: { colorScheme: { light: { root: { color: '{surface.600}' }, icon: { color: '{surface.600}' } } } },
    message: {
      colorScheme: {
        light: perSeverity(MESSAGE_PALETTES, (p) => ({
          color: `{${p}.700}`,
          outlined: { color: `{${p}.700}`, borderColor: `{${p}.700}` },
          simple: { color: `{${p}.700}` },
        })),
      },
    },
  },
});
