// CarrierTracker: a polling job on the worker pool reads carrier tags and keeps the
// position table; events go to a bounded queue that stop() closes. start() reopens the
// queue and starts a new polling generation, so an old job that is still running exits.
#include "carrier_tracker.h"

namespace tubed {

CarrierTracker::CarrierTracker(std::shared_ptr<RfidReader> reader, std::shared_ptr<ThreadPool> workers)
    : reader_(std::move(reader)), workers_(std::move(workers)), events_(256) {}

void CarrierTracker::start() {
  if (running_.exchange(true)) return;
  events_.reopen();
  const int gen = ++generation_;
  workers_->submit([this, gen] { poll_loop(gen); });
}

void CarrierTracker::stop() {
  if (!running_.exchange(false)) return;
  events_.close();
}

void CarrierTracker::record(TagEvent ev) {
  if (!ev.tag.empty()) {
    std::lock_guard<std::mutex> lk(pos_mu_);
    position_[ev.tag] = ev.where;
  }
  events_.push(std::move(ev)); // SAME: park_record
}

std::optional<TagEvent> CarrierTracker::next_event() { return events_.try_pop(); }

std::vector<std::string> CarrierTracker::carriers_on(const std::string& segment) const {
  std::lock_guard<std::mutex> lk(pos_mu_);
  std::vector<std::string> tags;
  for (const auto& [tag, where] : position_) {
    if (segment == "*" || where == segment) tags.push_back(tag);
  }
  return tags;
}

bool CarrierTracker::running() const { return running_.load(); }

void CarrierTracker::poll_loop(int generation) {
  while (running_.load() && generation_.load() == generation) {
    Result<TagRead> r = reader_->read_tag(); // BUG: use-after-close #rfid_race
    if (!r.ok()) {
      if (r.status().code() == Code::Closed) return;
      continue;
    }
    const TagRead& read = r.value();
    {
      std::lock_guard<std::mutex> lk(pos_mu_);
      position_[read.tag] = read.gate;
    }
    events_.try_push(TagEvent{read.tag, read.gate, "seen"}); // OK: try_push() drops the event once stop() closed the queue
  }
}

}  // namespace tubed
