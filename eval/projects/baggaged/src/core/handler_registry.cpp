// HandlerRegistry: one handler per message type; dispatch() runs it outside
// the registry lock.
#include "handler_registry.h"

void HandlerRegistry::registerHandler(MsgType type, Handler handler) {
  std::lock_guard<std::mutex> lock(mu_);
  handlers_[type] = std::move(handler);
}

bool HandlerRegistry::remove(MsgType type) {
  std::lock_guard<std::mutex> lock(mu_);
  return handlers_.erase(type) > 0;
}

Status HandlerRegistry::dispatch(const Message& msg) const {
  Handler handler;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = handlers_.find(msg.type);
    if (it == handlers_.end()) return Status::Error(StatusCode::NotFound, "no handler for message type");
    handler = it->second;
  }
  return handler(msg);
}
