// RequestHandler: executes the protocol commands a session has buffered.
// Cache hits are answered at once; misses become render jobs whose results
// the server delivers later.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "access_log.h"
#include "client_session.h"
#include "metrics_publisher.h"
#include "rate_limiter.h"
#include "render_worker.h"
#include "session_registry.h"
#include "tile_cache.h"

namespace tilesrv {

struct HandlerContext {
  SessionRegistry &registry;
  RateLimiter &limiter;
  std::function<TileCache *()> cache;
  std::function<bool(RenderJob)> enqueueRender;
  std::function<void(const AccessEntry &)> logAccess;
  std::function<std::string()> statsJson;
  std::shared_ptr<MetricsPublisher> metrics;
  int maxZoom = 20;
};

class RequestHandler {
public:
  explicit RequestHandler(HandlerContext context);

  void process(const std::shared_ptr<ClientSession> &session);

private:
  void handleHello(const std::shared_ptr<ClientSession> &session, const std::string &token);
  void handleGet(ClientSession &session, const std::string &argument);

  HandlerContext ctx_;
  std::uint64_t nextTicket_ = 1;
};

} // namespace tilesrv
