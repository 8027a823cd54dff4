// The sample feed's model (FeedItem, FeedPage, FeedLimits, FeedError) is its own small target so
// the fuzz package can compile it alone; FeedSupport's users get it with FeedSupport.
@_exported public import FeedModel
