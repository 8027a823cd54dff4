public import AsyncLayerKit

extension ElementRenderService {
    /// The service's shared renders in flight, for a test that waits until requests have joined
    /// one (``/Rendering/InFlightWork/waitForWaiters(_:for:)``) or counts what started and joined.
    /// Not part of the service's API: a test-support view of its internals.
    public var rendersInFlight: InFlightWork<Key, Bitmap> { inFlight }

    /// The service's shared encodes in flight, as ``rendersInFlight``.
    public var encodesInFlight: InFlightWork<ElementCache.EncodingKey, SharedEncode> { encodes }
}
