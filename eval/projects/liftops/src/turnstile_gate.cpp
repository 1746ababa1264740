// TurnstileGate: one scanner thread per gate. init() closes the reader when
// configure() fails (configure() already closed the port); stop() closes the
// reader before the scanner thread has been told to stop and joined.
#include "turnstile_gate.h"

#include <cstdio>
#include <utility>

namespace liftops {

TurnstileGate::TurnstileGate(std::string gateId, std::string device,
                             std::shared_ptr<PassValidator> validator)
    : gateId_(std::move(gateId)), validator_(std::move(validator)),
      reader_(std::move(device)) {}

TurnstileGate::~TurnstileGate() {
  running_ = false;
  if (scanner_.joinable())
    scanner_.join();
}

Status TurnstileGate::init() {
  Status st = reader_.open();
  if (!st.isOk())
    return st;
  st = reader_.configure(9600);
  if (!st.isOk()) {
    reader_.close(); // BUG: double-close #reader-fd
    return st;
  }
  return Status::ok();
}

void TurnstileGate::start() {
  running_ = true;
  scanner_ = std::thread([this] { scanLoop(); });
}

void TurnstileGate::scanLoop() {
  while (running_) {
    auto pass = reader_.readPass(250); // BUG: use-after-close #gate-race
    if (!pass)
      continue;
    bool allowed = validator_->admit(gateId_, *pass);
    std::printf("%s: %s %s\n", gateId_.c_str(), pass->c_str(), allowed ? "open" : "deny");
  }
}

void TurnstileGate::stop() {
  reader_.close(); // SAME: gate-race
  running_ = false;
  if (scanner_.joinable())
    scanner_.join();
}

} // namespace liftops
