// Strong-motion network hub: accelerogram records go to the regional centre through a
// TremorUplink (send() after close() throws), owned by a TremorPublisher whose shutdown()
// closes it under mu_ from the control thread. publish() checks closed_ under that mutex
// and sends while holding it; publish_urgent() skips the lock and checks only the atomic
// stopping_ flag, so shutdown() can close the uplink between its check and its send. The
// HypocenterSolver drains phase picks on its own thread and posts solutions to a catalogue
// link; stop() closes that link before joining the solver, which may still be draining.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class TremorUplink {
public:
  void send(const std::string &record) {
    if (closed_.load())
      throw std::runtime_error("tremor uplink closed");
    bytes_.fetch_add(record.size());
  }
  void close() { closed_.store(true); }

private:
  std::atomic<bool> closed_{false};
  std::atomic<size_t> bytes_{0};
};

class TremorPublisher {
public:
  void publish(const std::string &record) {
    std::scoped_lock lk(mu_);
    if (closed_)
      return;
    uplink_.send(record); // OK: checked and sent under the mutex shutdown() holds to close
  }

  void publish_urgent(const std::string &record) {
    if (stopping_.load())
      return;
    uplink_.send("PRIORITY " + record); // BUG: use-after-close #urgent
  }

  void shutdown() {
    stopping_.store(true);
    std::scoped_lock lk(mu_);
    if (closed_)
      return;
    closed_ = true;
    uplink_.close(); // SAME: urgent
  }

private:
  std::mutex mu_;
  bool closed_ = false;
  std::atomic<bool> stopping_{false};
  TremorUplink uplink_;
};

class HypocenterSolver {
public:
  explicit HypocenterSolver(TremorUplink &catalogue) : catalogue_(catalogue), worker_([this] { run(); }) {}

  void add_pick(std::string pick) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      picks_.push_back(std::move(pick));
    }
    cv_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    catalogue_.close(); // SAME: solve
    worker_.join();
  }

  void stop_and_drain() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    worker_.join();
    catalogue_.close(); // OK: the solver thread has finished
  }

private:
  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return stop_ || !picks_.empty(); });
      if (picks_.empty())
        return;
      std::string pick = std::move(picks_.front());
      picks_.pop_front();
      lk.unlock();
      catalogue_.send("ORIGIN from " + pick); // BUG: use-after-close #solve
      lk.lock();
    }
  }

  TremorUplink &catalogue_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> picks_;
  bool stop_ = false;
  std::thread worker_;
};

void quake_response(TremorPublisher &pub, TremorUplink &catalogue, bool drain) {
  std::thread control([&pub] { pub.shutdown(); });
  pub.publish("PGA 0.31g station KMR"); // OK: serialized with shutdown() by mu_
  pub.publish_urgent("M5.8 felt report"); // SAME: urgent
  control.join();

  HypocenterSolver solver(catalogue);
  solver.add_pick("P 12:04:31.220 KMR");
  solver.add_pick("S 12:04:36.910 KMR");
  if (drain)
    solver.stop_and_drain();
  else
    solver.stop();
}
