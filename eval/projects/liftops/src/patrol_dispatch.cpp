// DispatchChannel: incidents are logged under the mutex and handed to the
// handlers outside it. The destructor closes only an open channel.
#include "patrol_dispatch.h"

#include <stdexcept>
#include <utility>

namespace liftops {

DispatchChannel::DispatchChannel(std::string name) : name_(std::move(name)) {}

DispatchChannel::~DispatchChannel() {
  if (isOpen())
    close(); // OK: only while still open
}

int DispatchChannel::onIncident(Handler handler) {
  std::lock_guard<std::mutex> lock(mu_);
  int token = nextToken_++;
  handlers_.emplace(token, std::move(handler));
  return token;
}

void DispatchChannel::removeHandler(int token) {
  std::lock_guard<std::mutex> lock(mu_);
  handlers_.erase(token);
}

void DispatchChannel::post(const Incident &incident) {
  std::vector<Handler> handlers;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!open_)
      throw std::runtime_error("dispatch channel " + name_ + " is closed, dropping: " +
                               incident.text);
    log_.push_back(incident);
    for (const auto &[token, handler] : handlers_)
      handlers.push_back(handler);
  }
  for (const Handler &handler : handlers)
    handler(incident);
}

void DispatchChannel::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!open_)
    throw std::logic_error("dispatch channel " + name_ + " closed twice");
  open_ = false;
}

bool DispatchChannel::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return open_;
}

} // namespace liftops
