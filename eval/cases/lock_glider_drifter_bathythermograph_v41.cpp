// Ocean-glider ground station: each glider's Iridium modem is a GliderModem (send() after
// close() throws), wrapped in a GliderLink that closes it under its mutex; expendable
// bathythermograph drops are decoded on a BathyDecoder thread that writes profiles to a
// drifter archive link. Negative case: every use that could race a close checks the closed
// flag under the same mutex the closer holds (a relaxed atomic fast path is re-checked under
// the lock), the hand-over between two gliders takes both mutexes with std::scoped_lock,
// and the archive link is closed only after the decoder thread has been joined or by the
// decoder thread itself once its loop ends.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class GliderModem {
public:
  void send(const std::string &sbd) {
    if (closed_)
      throw std::runtime_error("glider modem closed");
    queued_ += sbd.size();
  }
  void close() { closed_ = true; }

private:
  size_t queued_ = 0;
  bool closed_ = false;
};

class GliderLink {
public:
  bool command(const std::string &sbd) {
    if (closed_.load(std::memory_order_relaxed))
      return false;
    std::scoped_lock lk(mu_);
    if (closed_.load(std::memory_order_relaxed))
      return false;
    modem_.send(sbd); // OK: re-checked under the mutex close() takes
    return true;
  }
  void close() {
    std::scoped_lock lk(mu_);
    if (closed_.exchange(true))
      return;
    modem_.close(); // OK: exchange() lets only the first caller close
  }
  friend void hand_over(GliderLink &from, GliderLink &to, const std::string &waypoints);

private:
  std::mutex mu_;
  std::atomic<bool> closed_{false};
  GliderModem modem_;
};

void hand_over(GliderLink &from, GliderLink &to, const std::string &waypoints) {
  std::scoped_lock lk(from.mu_, to.mu_);
  if (from.closed_.load() || to.closed_.load())
    return;
  from.modem_.send("SURFACE AND HOLD"); // OK: both links locked and checked open
  to.modem_.send("GOTO " + waypoints);
}

class BathyDecoder {
public:
  explicit BathyDecoder(GliderModem &archive) : archive_(archive), worker_([this] { run(); }) {}
  ~BathyDecoder() { finish(); }

  void drop(std::string raw) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      drops_.push_back(std::move(raw));
    }
    cv_.notify_one();
  }

  void finish() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      done_ = true;
    }
    cv_.notify_all();
    if (worker_.joinable())
      worker_.join();
  }

private:
  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return done_ || !drops_.empty(); });
      if (drops_.empty())
        break;
      std::string raw = std::move(drops_.front());
      drops_.pop_front();
      lk.unlock();
      archive_.send("XBT " + raw); // OK: only this thread closes the archive, after the loop
      lk.lock();
    }
    lk.unlock();
    archive_.close();
  }

  GliderModem &archive_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> drops_;
  bool done_ = false;
  std::thread worker_;
};

void dive_cycle(GliderLink &seaglider, GliderLink &slocum, GliderModem &drifterArchive) {
  std::thread surfacing([&seaglider] { seaglider.command("DIVE 1000"); });
  seaglider.close();
  surfacing.join();
  hand_over(seaglider, slocum, "44.1N 63.2W");
  slocum.command("PROFILE 200");

  {
    BathyDecoder decoder(drifterArchive);
    decoder.drop("T5 0m 14.2C ... 1830m 3.1C");
    decoder.finish();
  }
  GliderModem opsLog;
  opsLog.send("xbt drop archived"); // OK: a different modem from the decoder's archive
  opsLog.close();
}
