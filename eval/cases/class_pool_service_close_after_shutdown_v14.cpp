// Clickstream exporter. start() schedules the flush timer thread; publish()
// posts a send task to the member Scheduler pool (scheduler.h: submit() after
// shutdown() throws, shutdown() runs the queued tasks, joins and is
// idempotent; one worker, so tasks run one at a time), and every task sends
// through the member net::Connection
// (send() throws once closed). stop() sets the exporter's own stopped_ flag
// under mu_ (publish() checks it under the same mutex before submitting),
// joins the timer, shuts the pool down, and only then closes the connection;
// it returns early when already stopped, so the destructor's stop() after an
// explicit stop() does nothing. No task can run after the close and nothing
// is closed twice: a negative case.
#include "netconn.h"
#include "scheduler.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

class ClickstreamExporter {
public:
  explicit ClickstreamExporter(const std::string &endpoint)
      : conn_(endpoint), pool_(1) {}
  ~ClickstreamExporter() { stop(); }

  void start() {
    timer_ = std::thread([this] {
      std::unique_lock<std::mutex> lk(mu_);
      while (!stopped_) {
        timerCv_.wait_for(lk, std::chrono::seconds(1));
        if (stopped_)
          break;
        pool_.submit([this] { conn_.flush(); }); // OK: stop() joins the timer before closing
      }
    });
  }

  bool publish(const std::string &click) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopped_)
      return false;
    pool_.submit([this, click] {
      conn_.send(click); // OK: the pool is shut down and joined before the close
    });
    return true;
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopped_)
        return;
      stopped_ = true;
    }
    timerCv_.notify_all();
    if (timer_.joinable())
      timer_.join();
    pool_.shutdown();
    conn_.flush(); // OK: pool joined, the connection is still open
    conn_.close();
  }

private:
  net::Connection conn_;
  Scheduler pool_;
  std::mutex mu_;
  std::condition_variable timerCv_;
  std::thread timer_;
  bool stopped_ = false;
};

int main(int argc, char **argv) {
  ClickstreamExporter exporter("clicks.internal:7400");
  exporter.start();
  for (int i = 1; i < argc; ++i)
    exporter.publish(argv[i]);
  exporter.publish("session-end");
  exporter.stop();
  exporter.publish("late-click"); // OK: publish() sees stopped_ and returns false
  exporter.stop(); // OK: stop() returns early the second time
  return 0;
} // OK: ~ClickstreamExporter() calls stop(), which returns early
