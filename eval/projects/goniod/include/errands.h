// goniod — a small fixed crew of worker threads for slow side jobs
// (publishing, data collections). drain() waits until every posted job has
// finished; join() drains, then dismisses the crew.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace goniod {

class Errands {
public:
  explicit Errands(unsigned hands);
  ~Errands();
  Errands(const Errands &) = delete;
  Errands &operator=(const Errands &) = delete;

  void post(std::function<void()> job);
  void drain();
  void join();

private:
  void hand_loop();

  std::mutex mu_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::deque<std::function<void()>> jobs_;
  unsigned busy_ = 0;
  bool dismissed_ = false;
  std::vector<std::thread> hands_;
};

} // namespace goniod
