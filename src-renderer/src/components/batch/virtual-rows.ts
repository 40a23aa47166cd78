// A long list's window over a scrolling viewport: which of `total` rows (each `rowHeight` px) are in
// view, with `overscan` more around them, and where to draw them. Only those rows need to exist in
// the page, whatever the list's length.
import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

/** Browsers cap an element's height (Chromium near 33 M px): past this the scroll position is scaled. */
const MAX_SPACER = 8_000_000;

export function useVirtualRows(viewport: Ref<HTMLElement | null>, total: Ref<number>, options: { rowHeight: number; overscan: number }) {
  const { rowHeight, overscan } = options;
  const scrollTop = ref(0);
  const height = ref(400);

  const spacer = computed(() => Math.min(total.value * rowHeight, MAX_SPACER));
  const maxScroll = computed(() => Math.max(0, spacer.value - height.value));
  const rowsInView = computed(() => height.value / rowHeight);
  const scrollableRows = computed(() => Math.max(0, total.value - rowsInView.value));
  /** Fractional index of the row at the top of the view. */
  const top = computed(() => (maxScroll.value > 0 ? (scrollTop.value / maxScroll.value) * scrollableRows.value : 0));
  const first = computed(() => Math.max(0, Math.floor(top.value) - overscan));
  const last = computed(() => Math.min(total.value - 1, Math.ceil(top.value + rowsInView.value) + overscan));
  const offset = computed(() => scrollTop.value - (top.value - first.value) * rowHeight);

  let frame = 0;
  function onScroll(): void {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (viewport.value) scrollTop.value = viewport.value.scrollTop;
    });
  }

  function scrollTo(position: number): void {
    const clamped = Math.max(0, Math.min(maxScroll.value, position));
    scrollTop.value = clamped;
    if (viewport.value) viewport.value.scrollTop = clamped;
  }

  /** Scroll position that shows row `index` at the top ('start') or at the bottom ('end'). */
  function positionFor(index: number, align: 'start' | 'end'): number {
    const target = align === 'start' ? index : index + 1 - rowsInView.value;
    if (scrollableRows.value <= 0) return 0;
    return (Math.max(0, target) / scrollableRows.value) * maxScroll.value;
  }

  /** Scrolls just enough to show row `index`. */
  function show(index: number): void {
    if (index < top.value) scrollTo(positionFor(index, 'start'));
    else if (index + 1 > top.value + rowsInView.value) scrollTo(positionFor(index, 'end'));
  }

  let resize: ResizeObserver | null = null;
  onMounted(() => {
    if (!viewport.value) return;
    height.value = viewport.value.clientHeight || 400;
    resize = new ResizeObserver(() => {
      if (viewport.value) height.value = viewport.value.clientHeight || height.value;
    });
    resize.observe(viewport.value);
  });
  onBeforeUnmount(() => {
    resize?.disconnect();
    if (frame) cancelAnimationFrame(frame);
  });

  return { spacer, rowsInView, first, last, offset, onScroll, scrollTo, show };
}
