// CrewPool: fixed crews pulling jobs from a bounded queue. stop() is
// guarded by an atomic exchange, so the destructor's stop() after an
// explicit stop() returns at once.
#include "crew_pool.h"

#include <cstdio>
#include <exception>
#include <stdexcept>

namespace liftops {

CrewPool::CrewPool(std::size_t crews) : jobs_(256) {
  for (std::size_t i = 0; i < crews; ++i)
    crews_.emplace_back([this] { crewLoop(); });
}

CrewPool::~CrewPool() {
  stop(); // OK: stop() returns at once when already stopped
}

void CrewPool::submit(std::function<void()> job) {
  if (stopped_.load())
    throw std::runtime_error("crew pool stopped, job rejected");
  jobs_.push(std::move(job));
}

void CrewPool::stop() {
  if (stopped_.exchange(true))
    return;
  jobs_.close();
  for (std::thread &crew : crews_) {
    if (crew.joinable())
      crew.join();
  }
}

void CrewPool::crewLoop() {
  while (auto job = jobs_.pop()) {
    try {
      (*job)();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "crew job failed: %s\n", e.what());
    }
  }
}

} // namespace liftops
