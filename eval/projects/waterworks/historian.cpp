// Historian: record() pushes into the sample queue shared with the telemetry
// producers; the drain thread writes every sample through the writer. stop()
// runs once (later calls return) and the historian cannot be restarted.
#include "historian.h"

#include <stdexcept>
#include <utility>

namespace ww {

Historian::Historian(std::shared_ptr<BoundedQueue<Sample>> samples,
                     std::unique_ptr<HistorianWriter> writer)
    : samples_(std::move(samples)), writer_(std::move(writer)) {}

Historian::~Historian() {
  stop(); // OK: the stopped_ flag makes a second stop() return immediately
}

Status Historian::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) return Status::Error(StatusCode::kClosed, "historian stopped; it cannot be restarted");
  if (drainer_.joinable()) return Status::Ok();
  Status st = writer_->open();
  if (!st.ok()) return st;
  accepting_.store(true);
  drainer_ = std::thread([this] { drain_loop(); });
  return Status::Ok();
}

void Historian::record(Sample sample) {
  if (!accepting_.load()) throw std::runtime_error("historian stopped");
  if (sample.ts_ms == 0) sample.ts_ms = wall_clock_ms();
  samples_->push(std::move(sample));
}

bool Historian::accepting() const { return accepting_.load(); }

void Historian::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_) return;
  stopped_ = true;
  accepting_.store(false);
  writer_->close(); // SAME: drain_race
  samples_->close();
  if (drainer_.joinable()) drainer_.join();
}

std::size_t Historian::write_errors() const { return write_errors_.load(); }

void Historian::drain_loop() {
  while (std::optional<Sample> sample = samples_->pop()) {
    Status st = writer_->append(*sample); // BUG: use-after-close #drain_race
    if (!st.ok()) ++write_errors_;
  }
}

}  // namespace ww
