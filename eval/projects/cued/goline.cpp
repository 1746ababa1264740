// The go line: one thread takes desk commands off a holdline and routes them
// through the desk bridge, so GOs are carried out strictly in order.
#include "goline.h"
#include "promptbook.h"

#include <chrono>
#include <exception>

namespace cued {

GoLine::GoLine(DeskBridge &bridge) : bridge_(bridge) { calls_.close(); }

GoLine::~GoLine() { stop(); }

void GoLine::start() {
  std::lock_guard<std::mutex> lk(lifecycle_);
  if (worker_.joinable())
    return;
  calls_.reopen();
  worker_ = std::thread([this] { run(); });
}

void GoLine::stop() {
  std::lock_guard<std::mutex> lk(lifecycle_);
  calls_.close();
  if (worker_.joinable())
    worker_.join();
}

void GoLine::submit(DeskCommand cmd) {
  calls_.push(std::move(cmd)); // SAME: holdpush
}

bool GoLine::offer(DeskCommand cmd) { return calls_.tryPush(std::move(cmd)); }

void GoLine::run() {
  while (!calls_.closed()) {
    auto cmd = calls_.popFor(std::chrono::milliseconds(100)); // OK: popping a closed holdline only drains it; the loop ends at the next check
    if (!cmd)
      continue;
    try {
      if (!bridge_.route(*cmd))
        promptBook().record("goline", "refused " + cmd->target + " " + cmd->verb);
    } catch (const std::exception &e) {
      promptBook().record("goline", std::string("failed: ") + e.what());
    }
  }
}

} // namespace cued
