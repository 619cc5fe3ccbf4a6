/** jsdom has no layout: the results' scroller gets a window's size, so the virtualised list draws its rows. */
export function sizeTheScroller() {
  for (const [side, px] of [
    ['clientHeight', 800],
    ['clientWidth', 900],
  ] as const) {
    const own = Object.getOwnPropertyDescriptor(Element.prototype, side);
    Object.defineProperty(HTMLElement.prototype, side, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('library-scroller') ? px : (own?.get?.call(this) ?? 0);
      },
    });
  }
}
