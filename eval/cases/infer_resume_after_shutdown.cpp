// A JobQueue can be paused and resumed, and shut down for good. resume()
// returns early once the queue is shut down, so it does not undo shutdown():
// enqueueing after shutdown() + resume() still throws "job queue is shut
// down" (bug). restart() really clears the flag, so enqueueing after
// shutdown() + restart() is correct.
#include <deque>
#include <functional>
#include <stdexcept>
#include <utility>

class JobQueue {
public:
  using Job = std::function<void()>;

  void enqueue(Job job) {
    if (shutDown_)
      throw std::runtime_error("job queue is shut down");
    jobs_.push_back(std::move(job));
  }

  void pause() { paused_ = true; }

  void resume() {
    if (shutDown_)
      return;
    paused_ = false;
  }

  void shutdown() {
    shutDown_ = true;
    jobs_.clear();
  }

  void restart() {
    jobs_.clear();
    paused_ = false;
    shutDown_ = false;
  }

private:
  std::deque<Job> jobs_;
  bool paused_ = false;
  bool shutDown_ = false;
};

void maintenanceWindow(JobQueue &queue) {
  queue.pause();
  queue.shutdown();
  queue.resume();
  queue.enqueue([] {}); // BUG: use-after-close
}

void redeploy(JobQueue &queue) {
  queue.shutdown();
  queue.restart();
  queue.enqueue([] {}); // OK
}
