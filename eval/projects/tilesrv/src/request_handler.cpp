// RequestHandler: runs HELLO/GET/PING/STATS/QUIT for one session. GETs are
// answered from the cache when possible and turned into render jobs
// otherwise; abusive clients are throttled and eventually disconnected.
#include "request_handler.h"

#include "log.h"
#include "protocol.h"

namespace tilesrv {
namespace {
constexpr unsigned kMaxProtocolErrors = 5;
constexpr unsigned kMaxStrikes = 50;
} // namespace

RequestHandler::RequestHandler(HandlerContext context) : ctx_(std::move(context)) {}

void RequestHandler::process(const std::shared_ptr<ClientSession> &session) {
  std::string line;
  while (session->isOpen() && session->nextLine(line)) {
    const protocol::Command cmd = protocol::parseCommand(line);
    switch (cmd.kind) {
    case protocol::CommandKind::Hello:
      handleHello(session, cmd.argument);
      break;
    case protocol::CommandKind::Get:
      handleGet(*session, cmd.argument);
      break;
    case protocol::CommandKind::Ping:
      session->send(protocol::pong()); // OK: the loop re-checks isOpen() before every command
      break;
    case protocol::CommandKind::Stats:
      session->send(protocol::stats(ctx_.statsJson())); // OK
      break;
    case protocol::CommandKind::Quit:
      session->send(protocol::bye("goodbye")); // OK
      ctx_.registry.remove(session->id(), CloseReason::ClientQuit);
      break;
    case protocol::CommandKind::Invalid:
      session->send(protocol::formatError(400, "unknown command")); // OK
      if (++session->protocolErrors() >= kMaxProtocolErrors)
        ctx_.registry.remove(session->id(), CloseReason::ProtocolError);
      break;
    }
  }
}

void RequestHandler::handleHello(const std::shared_ptr<ClientSession> &session, const std::string &token) {
  if (token.empty() || token.size() > 128) {
    session->send(protocol::formatError(400, "HELLO needs a client token"));
    return;
  }
  std::shared_ptr<ClientSession> previous = ctx_.registry.findByToken(token);
  ctx_.registry.bindToken(token, session);
  if (previous && previous != session)
    previous->send(protocol::bye("replaced by a newer connection")); // BUG: use-after-close
  session->markActive();
  session->send(protocol::welcome(session->id())); // OK: bindToken() closes only the older session
}

void RequestHandler::handleGet(ClientSession &session, const std::string &argument) {
  const auto started = Clock::now();
  const std::optional<TileKey> key = parseTileKey(argument);
  if (!key || !inRange(*key, ctx_.maxZoom)) {
    session.send(protocol::formatError(404, "no such tile: " + argument));
    return;
  }
  if (session.state() != ClientSession::State::Active) {
    session.send(protocol::formatError(401, "say HELLO first"));
    return;
  }

  if (!ctx_.limiter.allow(session.id(), started)) {
    session.send(protocol::formatError(429, "slow down"));
    if (ctx_.limiter.strikes(session.id()) > kMaxStrikes) {
      log::info("session %llu (%s) ignores throttling, disconnecting", static_cast<unsigned long long>(session.id()),
                session.peer().c_str());
      ctx_.registry.remove(session.id(), CloseReason::Abuse);
    }
  }

  std::string reply;
  bool hit = false;
  if (TileCache *cache = ctx_.cache()) {
    if (std::optional<std::string> blob = cache->lookup(*key)) {
      reply = protocol::tileFrame(*key, *blob);
      hit = true;
    }
  }
  if (!hit) {
    RenderJob job{nextTicket_++, session.id(), *key, started};
    if (ctx_.enqueueRender(std::move(job)))
      return;
    reply = protocol::formatError(503, "render queue full");
  }

  session.send(reply); // BUG: use-after-close
  const auto latency = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
  ctx_.metrics->tileServed(*key, hit, latency);
  ctx_.logAccess(AccessEntry{session.id(), session.peer(), *key, hit ? 200 : 503, reply.size(), hit, latency});
}

} // namespace tilesrv
