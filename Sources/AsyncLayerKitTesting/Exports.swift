// The testing product: the manual loop driver, a turn recorder and a test clock (see DisplayLoop).
@_exported public import AsyncLayerKit
