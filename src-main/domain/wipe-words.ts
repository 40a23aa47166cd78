// The word the agent types to wipe this workstation, shown on the screen in their language and
// checked by the surface (workstation:wipe). Pure: shared with the renderer.
export const WIPE_WORDS = { es: 'BORRAR', en: 'WIPE' } as const;
