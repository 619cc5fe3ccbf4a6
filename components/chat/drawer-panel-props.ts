/**
 * What the drawer gives each of its panels (registry.ts): a way to close it, and to open another panel in its place.
 * `Opens`: the panels this one opens, by name (the drawer checks they exist).
 */
export interface DrawerPanelProps<Opens extends string = never> {
  close: () => void;
  open: (name: Opens) => void;
}
