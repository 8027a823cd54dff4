import AsyncLayerKit

/// The reference card's layout as `ElementRenderer.render` does it. Built with
/// `-DLAYOUT_BENCH_STACKS` (scripts/bench-layout.sh, in the exported tree of main 02bf7e3) it calls
/// the stack layout's API, which has no pixel-grid scale; otherwise the engine's adapter, rounded
/// to the grid of `scale` as the renderer rounds it.
func cardLayout(_ tree: Element, in size: Size, limits: ElementLimits, scale: Double) throws -> LayoutResult {
    #if LAYOUT_BENCH_STACKS
    try ElementLayout.layout(tree, in: size, limits: limits)
    #else
    try ElementLayout.layout(tree, in: size, limits: limits, scale: scale)
    #endif
}
