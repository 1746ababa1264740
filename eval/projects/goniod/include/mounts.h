// goniod — the queue of sample-mount requests handed from the user office to
// the gripper. push() throws once the queue is closed; close() throws
// std::logic_error when the queue is already closed.
#pragma once
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace goniod {

struct MountRequest {
  std::string puck;
  int pin = 0;
  std::string proposal;
};

class MountQueue {
public:
  void push(MountRequest request);
  // Next request, or nullopt on timeout or once closed and empty.
  std::optional<MountRequest> next(std::chrono::milliseconds wait);
  void close();
  bool closed() const;
  std::size_t size() const;

private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<MountRequest> items_;
  bool closed_ = false;
};

} // namespace goniod
