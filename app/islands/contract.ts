// The attributes through which server-rendered markup and the islands speak (docs/decisions/070): each named once,
// here, and used by the component that writes it (app/components/…, through `IslandAttrs`) and by the island that
// reads it. `const enum`s: esbuild writes each value into the island where it is used (with the selector around it
// folded into one string), so naming them here costs an island no byte. Nothing else goes in this module.

/** busy-form: a form posted like any form and answered with a page (`BusyForm`, app/components/ui/busy-form.tsx). */
export const enum BusyFormAttr {
  Form = "data-busy-form",
  /** The submit button's text, swapped for its `BusyLabel` while the post is on its way. */
  SubmitLabel = "data-submit-label",
  BusyLabel = "data-busy-label",
  /** Shown while the post is on its way (a spinner). */
  BusyIcon = "data-busy-icon",
  /** A textarea whose length the `Counter` shows, against the maximum in the counter's `CounterMax`. */
  Counted = "data-counted",
  Counter = "data-counter",
  CounterMax = "data-max",
}

/**
 * field-checks: a form whose fields the browser checks before it is sent (`checkedField`,
 * app/components/ui/checked-field.ts). Each control carries its rules as the standard attributes (`required`,
 * `minlength`, `type="email"`, `pattern`) and the longest value it takes in `MaxLength` (not `maxlength`, which
 * would cut a pasted text short without a word), and the message for each broken rule.
 */
export const enum FieldCheckAttr {
  Form = "data-check-fields",
  MaxLength = "data-max-length",
  Missing = "data-msg-missing",
  TooShort = "data-msg-too-short",
  TooLong = "data-msg-too-long",
  Format = "data-msg-format",
}

/** Set by busy-form on the <dialog> around a form on its way; dialogs keeps such a dialog open. */
export const enum DialogAttr {
  Busy = "data-busy",
}

/** submit-on-change: a GET form that sends itself when one of its checkboxes changes. */
export const enum SubmitOnChangeAttr {
  Form = "data-submit-on-change",
}

/** back-link: the business page's link back to the list, and its label. */
export const enum BackLinkAttr {
  Link = "data-back-to-list",
  Label = "data-back-label",
}

/** near-me: the directory's search form and its "Use my location" parts. */
export const enum NearMeAttr {
  Form = "data-near-me",
  Locate = "data-near-locate",
  Located = "data-near-located",
  Clear = "data-near-clear",
  Status = "data-near-status",
}

/** phone-menu: the header's phone menu (a <details>). */
export const enum PhoneMenuAttr {
  Menu = "data-phone-menu",
}

/** password-strength: on the password input, the id of the box it reports in; the meter goes in its `Meter`. */
export const enum PasswordStrengthAttr {
  Input = "data-password-strength",
  Meter = "data-strength-meter",
}

/**
 * network-map: the map page's picture of the partners' places (`NetworkMapPreview`), which becomes the interactive
 * map when its button is pressed.
 */
export const enum NetworkMapAttr {
  /** The box holding the picture; the interactive map takes its place. */
  Box = "data-network-map",
  /** The picture and its button, hidden once the interactive map is shown. */
  Picture = "data-network-map-picture",
  /** The button that opens the interactive map (hidden until the island is there to answer it). */
  Open = "data-network-map-open",
  /** The interactive map's markup ("Zoom to partners" and the map's region), hidden until it is opened. */
  Live = "data-network-map-live",
  /** In `Live`: the element Leaflet draws in, and the button that fits the view to the partners. */
  Canvas = "data-network-map-canvas",
  FitAll = "data-network-map-fit",
  /** A <script type="application/json"> with the pins, the tile URL and the attribution. */
  Data = "data-network-map-data",
  /** The URLs of Leaflet's stylesheets, space-separated, on the box. */
  Styles = "data-network-map-styles",
}

type Attr =
  | BusyFormAttr
  | NetworkMapAttr
  | DialogAttr
  | FieldCheckAttr
  | SubmitOnChangeAttr
  | BackLinkAttr
  | NearMeAttr
  | PhoneMenuAttr
  | PasswordStrengthAttr;

/**
 * The attributes as JSX props, for the components that write them: `{...({ "data-phone-menu": "" } satisfies
 * IslandAttrs)}`. A name that is not one of the values above fails the typecheck. Components import only this type,
 * so the React bundle carries no copy of the enums (the strings are written where they are used, as in the islands).
 */
export type IslandAttrs = { [Name in `${Attr}`]?: string | undefined };
