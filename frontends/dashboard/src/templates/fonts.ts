import { faceOf, type FontFace as TemplateFace, type Layer } from '@seatside/template-render';

/**
 * The designer loads the very files the server renders with (`/api/template/fonts/{file}`, the
 * @fontsource WOFF2s) under the same aliases, so the canvas measures and draws text as the PNG and
 * the PDF do.
 */
const loading = new Map<string, Promise<void>>();

export function loadFace(face: TemplateFace): Promise<void> {
  let pending = loading.get(face.alias);
  if (!pending) {
    const font = new FontFace(face.alias, `url(/api/template/fonts/${face.file}) format('woff2')`);
    pending = font.load().then(
      (loaded) => {
        document.fonts.add(loaded);
      },
      () => {
        loading.delete(face.alias);
      },
    );
    loading.set(face.alias, pending);
  }
  return pending;
}

/** Every face the layers use, loaded (a failure draws with what the browser has). */
export const loadFacesOf = (layers: readonly Layer[]) =>
  Promise.all(layers.flatMap((l) => (l.type === 'text' ? [loadFace(faceOf(l.options.fontFamily, l.options.fontWeight, l.options.fontStyle))] : [])));

export const faceReady = (face: TemplateFace) => document.fonts.check(`16px "${face.alias}"`);
