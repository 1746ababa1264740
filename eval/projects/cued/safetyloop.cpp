// The safety PLC link behind a pimpl. Negative: every operation checks that
// the implementation exists and takes its lock; the heartbeat and the
// disarm message are only sent while the state is Armed, which trip() and
// disconnect() leave under the same lock before closing the link; connect()
// replaces the link before it sends on it, and DeckSocket::close() is
// idempotent.
#include "safetyloop.h"
#include "decksocket.h"

#include <chrono>
#include <mutex>

namespace cued {

struct SafetyLoop::Impl {
  enum class State { Offline, Armed, Tripped };
  mutable std::mutex mu;
  State state = State::Offline;
  DeckSocket plc;
  std::string lastTrip;
};

SafetyLoop::SafetyLoop() : impl_(std::make_unique<Impl>()) {}

SafetyLoop::~SafetyLoop() {
  if (impl_)
    disconnect();
}

SafetyLoop::SafetyLoop(SafetyLoop &&) noexcept = default;
SafetyLoop &SafetyLoop::operator=(SafetyLoop &&) noexcept = default;

void SafetyLoop::connect(const std::string &plcHost, std::uint16_t port) {
  if (!impl_)
    impl_ = std::make_unique<Impl>();
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->plc.close();
  impl_->plc = DeckSocket(plcHost, port, std::chrono::milliseconds(500));
  impl_->plc.sendLine("ARM cued"); // OK: the link was replaced just above
  impl_->state = Impl::State::Armed;
}

void SafetyLoop::heartbeat() {
  if (!impl_)
    return;
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (impl_->state != Impl::State::Armed)
    return;
  try {
    impl_->plc.sendLine("HB"); // OK: only while armed, checked under the lock
  } catch (const std::exception &) {
    impl_->state = Impl::State::Tripped; // the PLC drops the loop on a missed beat
    impl_->plc.close();
  }
}

void SafetyLoop::trip(const std::string &reason) {
  if (!impl_)
    return;
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (impl_->state != Impl::State::Armed)
    return;
  impl_->state = Impl::State::Tripped;
  impl_->lastTrip = reason;
  try {
    impl_->plc.sendLine("TRIP " + reason);
  } catch (const std::exception &) {
  }
  impl_->plc.close();
}

bool SafetyLoop::armed() const {
  if (!impl_)
    return false;
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->state == Impl::State::Armed;
}

void SafetyLoop::disconnect() {
  if (!impl_)
    return;
  std::lock_guard<std::mutex> lk(impl_->mu);
  if (impl_->state == Impl::State::Armed) {
    try {
      impl_->plc.sendLine("DISARM"); // OK: a tripped loop has closed its link and is not Armed
    } catch (const std::exception &) {
      // the PLC drops the loop on link loss as well
    }
  }
  impl_->plc.close(); // OK: DeckSocket::close() is a no-op on a closed link
  impl_->state = Impl::State::Offline;
}

} // namespace cued
