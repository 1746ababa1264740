// Front-of-house notifications: events are batched by post() and sent on
// the venue's event channel by flush(), once a second from the timer wheel.
// stop() closes the channel.
#include "fohnotifier.h"

#include <chrono>

namespace cued {

FohNotifier::FohNotifier(EventChannel &channel) : chan_(channel) {}

FohNotifier::~FohNotifier() {
  detach();
  std::lock_guard<std::mutex> lk(mu_);
  if (!stopped_) {
    stopped_ = true;
    chan_.close(); // OK: only when stop() has not closed it already
  }
}

void FohNotifier::attach(Beatkeeper &beat) {
  detach();
  beat_ = &beat;
  token_ = beat.every(std::chrono::seconds(1), [this] { flush(); });
}

void FohNotifier::detach() {
  if (beat_ == nullptr)
    return;
  beat_->cancel(token_);
  beat_ = nullptr;
}

void FohNotifier::post(std::string event) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  pending_.push_back(std::move(event));
}

void FohNotifier::flush() {
  std::vector<std::string> batch;
  {
    std::lock_guard<std::mutex> lk(mu_);
    batch.swap(pending_);
  }
  for (const std::string &event : batch)
    chan_.send(event); // SAME: fohflush
}

void FohNotifier::stop() {
  detach();
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  stopped_ = true;
  chan_.close();
}

void FohNotifier::shutdown() {
  stop();
  flush(); // BUG: use-after-close #fohflush
}

} // namespace cued
