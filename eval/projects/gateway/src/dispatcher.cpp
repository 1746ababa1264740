// Dispatcher: its consumer thread pops from a Channel<Notification> until the
// channel is closed and drained (quiet line: pop() after close() still
// returns what is left). post() checks closed() first (quiet line); post() and
// stop() are only called from the control thread, so nothing closes between
// the check and the push. stopWithNotice() closes the channel through stop()
// and then pushes a notice on it, which throws (bug). The destructor's stop()
// closes again after an explicit stop() (quiet line: Channel::close() may be
// called twice).
#include "gateway/dispatcher.h"

#include <utility>

namespace gateway {

Dispatcher::Dispatcher(std::function<void(const Notification &)> deliver)
    : deliver_(std::move(deliver)) {}

Dispatcher::~Dispatcher() {
  stop(); // OK: closing the channel again is harmless, the thread is joined once
}

void Dispatcher::start() { consumer_ = std::thread([this] { run(); }); }

void Dispatcher::run() {
  Notification n;
  while (queue_.pop(n)) // OK: pop() drains after close() and then returns false
    deliver_(n);
}

bool Dispatcher::post(Notification n) {
  if (queue_.closed())
    return false;
  queue_.push(std::move(n)); // OK: checked closed(); only this thread closes
  return true;
}

void Dispatcher::stop() {
  queue_.close();
  if (consumer_.joinable())
    consumer_.join();
}

void Dispatcher::stopWithNotice(const std::string &why) {
  stop();
  queue_.push(Notification{"ops", "dispatcher stopped: " + why}); // BUG: use-after-close
}

} // namespace gateway
