import NIOCore
import NIOHTTPTypes
import HTTPTypes

/// What reading a request's body throws when the request did not arrive whole within
/// ``CardServerConfiguration/readTimeout`` (the server answers 408, `limit: "read-timeout"`).
public struct RequestReadTimeoutError: Error, CustomStringConvertible {
    /// The time the request had, from its head to the end of its body.
    public var timeout: Duration

    /// Creates the error.
    public init(timeout: Duration) { self.timeout = timeout }

    /// A one-line description.
    public var description: String { "the request body did not arrive within \(timeout)" }
}

/// Bounds the time from a request's head to the end of its body, so that a client that trickles
/// its body, or stops sending halfway, cannot keep a connection (and its route) waiting: at the
/// timeout the body's reader fails with ``RequestReadTimeoutError`` and the connection closes once
/// that request is answered (at once if it was answered already).
///
/// The head itself is bounded by Hummingbird's idle timeout (the decoder yields nothing until the
/// head is whole, so header bytes trickled slowly do not count as activity).
final class RequestReadTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: Duration
    private var timer: Scheduled<Void>?
    /// Requests whose head arrived and whose response has not ended yet.
    private var unanswered = 0
    /// Set by the timeout while its request is still unanswered.
    private var closeAfterAnswer = false

    init(timeout: Duration) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            timer?.cancel()
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { [self] in
                timedOut(context: context)
            }
        case .body:
            break
        case .end:
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if closeAfterAnswer, unanswered == 0 {
                context.writeAndFlush(data, promise: promise)
                context.close(promise: nil)
                return
            }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    private func timedOut(context: ChannelHandlerContext) {
        timer = nil
        // The body's reader (the route, or Hummingbird draining an unread body) fails with this.
        context.fireErrorCaught(RequestReadTimeoutError(timeout: timeout))
        if unanswered == 0 {
            context.close(promise: nil)
        } else {
            closeAfterAnswer = true
        }
    }
}

@available(*, unavailable)
extension RequestReadTimeoutHandler: Sendable {}
