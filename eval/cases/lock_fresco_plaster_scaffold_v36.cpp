// Fresco restoration scaffold: while a giornata (one day's patch of wet
// plaster) is being painted, sensor threads stream plaster humidity, photos
// and pigment notes to the conservator's server over one ConservatorUplink.
// The uplink itself is not thread-safe; GiornataSession protects it with mu_
// and its own closed_ flag, and end_giornata() closes it while holding mu_.
// humidity_loop() and pigment_note() use it only under mu_ after checking
// closed_ (the latter re-checks after re-locking); photo_loop() checks, drops
// the lock for the slow camera capture, and then uploads without re-checking.
// wrap_up() closes through end_giornata() and then sends the day summary.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class ConservatorUplink {
 public:
  void send(const std::string& payload) {
    if (!open_) throw std::runtime_error("conservator uplink closed");
    bytes_ += payload.size();
  }
  void close() {
    if (!open_) throw std::runtime_error("conservator uplink closed twice");
    open_ = false;
  }

 private:
  std::size_t bytes_ = 0;
  bool open_ = true;
};

static std::string capture_photo(int n) {
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  return "raking-light photo #" + std::to_string(n);
}

class GiornataSession {
 public:
  void end_giornata() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    closed_ = true;
    uplink_.close();  // SAME: photo
    cv_.notify_all();
  }

  void humidity_loop() {
    std::unique_lock<std::mutex> lk(mu_);
    int tick = 0;
    while (!closed_) {
      uplink_.send("humidity " + std::to_string(62 - tick % 5) + "%");  // OK: checked and sent under mu_
      ++tick;
      cv_.wait_for(lk, std::chrono::milliseconds(200), [this] { return closed_; });
    }
  }

  void photo_loop() {
    for (int n = 1;; ++n) {
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) return;
      }
      std::string shot = capture_photo(n);
      uplink_.send(shot);  // BUG: use-after-close #photo
    }
  }

  bool pigment_note(const std::string& pigment) {
    std::unique_lock<std::mutex> lk(mu_);
    if (closed_) return false;
    lk.unlock();
    std::string note = "applied " + pigment + " a fresco, layer 2";
    lk.lock();
    if (closed_) return false;
    uplink_.send(note);  // OK: re-checked after re-locking
    return true;
  }

  void wrap_up(int patches) {
    end_giornata();
    uplink_.send("giornata done: " + std::to_string(patches) + " patches");  // BUG: use-after-close
  }

  void late_note() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!closed_) uplink_.send("late note");  // OK: guarded under mu_
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  ConservatorUplink uplink_;
  bool closed_ = false;
};

void paint_day() {
  GiornataSession day;
  std::vector<std::thread> sensors;
  sensors.emplace_back([&day] { day.humidity_loop(); });
  sensors.emplace_back([&day] { day.photo_loop(); });
  day.pigment_note("lapis lazuli");
  std::this_thread::sleep_for(std::chrono::seconds(3));
  day.end_giornata();
  for (auto& t : sensors) t.join();
  day.late_note();
  day.end_giornata();  // OK: returns early once closed_
}
