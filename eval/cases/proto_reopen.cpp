// A publisher that can be reopened: publishing after reopen() is correct.
#include <atomic>
#include <stdexcept>

class Publisher {
public:
  void publish(int v) {
    if (stopped_.load())
      throw std::logic_error("publisher stopped");
    last_ = v;
  }
  void stop() { stopped_.store(true); }
  void restart() { stopped_.store(false); }

private:
  std::atomic<bool> stopped_{false};
  int last_ = 0;
};

void cycle(Publisher &p) {
  p.stop();
  p.restart();
  p.publish(1);
}
