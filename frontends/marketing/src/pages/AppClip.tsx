import { usePageTitle } from '@seatside/ui/src/title';

/** The App Clip demo's defaults (seed 000 §9). */
export const APP_CLIP_DEFAULTS = { background: 'f20d0d', color: '000000', types: ['nfc', 'cam'] } as const;

/** The page's words (seed 000 §2 "App Clip demo page", §8). */
export const appClipMessages = {
  title: 'App Clip code generator',
  offline: 'The App Clip code generator is offline while our data center is being relocated. Please check back soon.',
} as const;

/** The App Clip demo: offline, its form shown with the seed's defaults and disabled. */
export default function AppClip() {
  usePageTitle(appClipMessages.title);
  return (
    <>
      <div className="mk-container mk-page-head">
        <h1>{appClipMessages.title}</h1>
        <p className="mk-lead" role="status" data-testid="appclip-offline">
          {appClipMessages.offline}
        </p>
      </div>
      <section className="mk-section" style={{ paddingTop: 24 }}>
        <div className="mk-container" style={{ maxWidth: 640, margin: 0 }}>
          <form className="mk-calculator" aria-label="App Clip code" onSubmit={(event) => event.preventDefault()}>
            <fieldset disabled style={{ border: 0, padding: 0, margin: 0, display: 'contents' }}>
              <label>
                Background
                <input name="background" value={APP_CLIP_DEFAULTS.background} readOnly />
              </label>
              <label>
                Color
                <input name="color" value={APP_CLIP_DEFAULTS.color} readOnly />
              </label>
              <label>
                Type
                <select name="type" defaultValue={APP_CLIP_DEFAULTS.types[0]}>
                  {APP_CLIP_DEFAULTS.types.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="mk-btn">
                Generate
              </button>
            </fieldset>
          </form>
        </div>
      </section>
    </>
  );
}
