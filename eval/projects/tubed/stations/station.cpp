// Station: the send/receive station of one ward. Its worker thread writes the queued frames
// to the ward's StationLink; a "resync" request reconnects the link on the worker itself.
// stop() closes the outbox, joins the worker and says goodbye only while the link is up.
// Negative file: the link serializes send() with a shutdown() from the watchdog thread,
// and the outbox is used through try_push(), which reports a closed queue.
#include "station.h"

#include <cstdio>
#include <exception>

namespace tubed {

namespace {
const char* const kResyncCommand = "\x01RESYNC";
}

Station::Station(std::string ward, StationLink* link) : ward_(std::move(ward)), link_(link), outbox_(64) {}

Station::~Station() {
  stop(); // OK: idempotent (running_ is exchanged)
}

void Station::start() {
  if (running_.exchange(true)) return;
  outbox_.reopen();
  worker_ = std::thread([this] { run(); });
}

void Station::stop() {
  if (!running_.exchange(false)) return;
  outbox_.close();
  if (worker_.joinable()) worker_.join();
  if (link_ != nullptr && usable(*link_)) link_->send("BYE " + ward_); // OK: usable() guard; a concurrent shutdown makes send() answer Code::Closed
}

bool Station::enqueue(std::string frame) {
  return outbox_.try_push(std::move(frame)); // OK: try_push() returns false on a closed outbox instead of throwing
}

void Station::request_resync() { outbox_.try_push(kResyncCommand); }

const std::string& Station::ward() const { return ward_; }

int Station::reconnect_failures() const { return reconnect_failures_.load(); }

void Station::run() {
  while (std::optional<std::string> frame = outbox_.pop()) {
    try {
      if (*frame == kResyncCommand) {
        resync();
        continue;
      }
      Status s = link_->send(*frame); // OK: send() and the watchdog's shutdown() take the link's mutex; a shut link answers Code::Closed
      if (!s.is_ok()) ++dropped_;
    } catch (const std::exception& e) {
      ++dropped_;
      std::fprintf(stderr, "tubed: station %s: %s\n", ward_.c_str(), e.what());
    }
  }
}

void Station::resync() {
  Status s = link_->reconnect();
  if (!s.is_ok()) {
    ++reconnect_failures_;
    return;
  }
  link_->send(sync_frame()); // OK: only reached after a successful reconnect()
}

std::string Station::sync_frame() const { return "SYNC " + ward_ + " " + std::to_string(dropped_.load()); }

}  // namespace tubed
