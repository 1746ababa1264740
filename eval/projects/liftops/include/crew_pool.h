// CrewPool: the back end's own small thread pool. Jobs go through a
// BoundedQueue; submit() after stop() throws; stop() drains, joins the crews
// and returns at once when called again.
#pragma once
#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

#include "bounded_queue.h"

namespace liftops {

class CrewPool {
public:
  explicit CrewPool(std::size_t crews);
  ~CrewPool();
  CrewPool(const CrewPool &) = delete;
  CrewPool &operator=(const CrewPool &) = delete;

  void submit(std::function<void()> job);
  void stop();
  bool stopped() const { return stopped_.load(); }

private:
  void crewLoop();

  BoundedQueue<std::function<void()>> jobs_;
  std::vector<std::thread> crews_;
  std::atomic<bool> stopped_{false};
};

} // namespace liftops
