// BusSink: the facility event bus. Readers of channel_ take a copy under mu_;
// a channel replaced by reconnect() is kept in retired_ and closed by
// reapRetired() once the sink holds the only reference.
#include "bus_sink.h"

#include "diagnostics.h"

namespace bmsd {

std::shared_ptr<EventChannel> connectEventChannel(const std::string &endpoint) {
  auto channel = std::make_shared<EventChannel>();
  channel->send("{\"event\":\"subscribe\",\"endpoint\":\"" + endpoint + "\"}");
  return channel;
}

void BusSink::reconnect(const std::string &endpoint) {
  std::shared_ptr<EventChannel> fresh = connectEventChannel(endpoint);
  std::lock_guard<std::mutex> lock(mu_);
  if (channel_ && channel_->isOpen())
    retired_.push_back(channel_);
  channel_ = std::move(fresh);
  enabled_.store(true);
  channel_->send("{\"event\":\"bus-attached\"}"); // OK
  diag_.info("event bus: attached to %s", endpoint.c_str());
}

void BusSink::publish(const std::string &event) {
  if (!enabled_.load(std::memory_order_acquire)) {
    dropped_.fetch_add(1);
    return;
  }
  std::shared_ptr<EventChannel> channel;
  {
    std::lock_guard<std::mutex> lock(mu_);
    channel = channel_;
  }
  channel->send(event); // BUG: use-after-close #bus-disable
}

void BusSink::publishControl(const std::string &event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_.load())
    return;
  channel_->send(event); // OK: disable() closes under the same mutex
}

void BusSink::disable() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_.load())
    return;
  enabled_.store(false);
  channel_->close(); // SAME: bus-disable
  diag_.info("event bus: disabled");
}

std::size_t BusSink::reapRetired() {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t closed = 0;
  for (auto it = retired_.begin(); it != retired_.end();) {
    if (it->use_count() == 1) {
      (*it)->close(); // OK: nobody else holds the retired channel
      it = retired_.erase(it);
      ++closed;
    } else {
      ++it;
    }
  }
  return closed;
}

void BusSink::close() {
  disable(); // OK: returns at once when a reload already disabled the bus
  std::lock_guard<std::mutex> lock(mu_);
  for (const std::shared_ptr<EventChannel> &channel : retired_)
    channel->close(); // OK: reapRetired() erases every channel it closes
  retired_.clear();
}

std::weak_ptr<EventChannel> BusSink::channel() const {
  std::lock_guard<std::mutex> lock(mu_);
  return channel_;
}

} // namespace bmsd
