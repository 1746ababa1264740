// Link factories and commander closures. makeCommander() captures the link
// by shared_ptr and sends unconditionally; makeSafeCommander() locks a
// weak_ptr and skips closed links. openWithRetry() resets the link between
// failed attempts.
#include "link_factory.h"

#include <chrono>
#include <thread>

namespace liftops {

std::shared_ptr<LiftLink> makeLink(const LiftConfig &config) {
  return std::make_shared<LiftLink>(config.id, config.host, config.port);
}

Status openWithRetry(LiftLink &link, int attempts) {
  Status st = Status::error(Errc::Invalid, "no attempt made");
  for (int attempt = 0; attempt < attempts; ++attempt) {
    st = link.open();
    if (st.isOk())
      return st;
    link.close(); // BUG: double-close
    std::this_thread::sleep_for(std::chrono::milliseconds(500 << attempt));
  }
  return st;
}

Commander makeCommander(std::shared_ptr<LiftLink> link) {
  return [link](const LiftCommand &command) {
    link->sendCommand(command); // SAME: wind-commander
  };
}

Commander makeSafeCommander(std::weak_ptr<LiftLink> weak) {
  return [weak](const LiftCommand &command) {
    std::shared_ptr<LiftLink> link = weak.lock();
    if (!link || !link->isOpen())
      return;
    link->sendCommand(command); // OK: locked and checked open
  };
}

} // namespace liftops
