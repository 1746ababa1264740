// Drill cues for a marching band's tuba and sousaphone line: the drum major's
// cue channel is written by tasks submitted to the band's own worker pool
// (tasks run later, on the pool's threads) or to an inline runner used in the
// practice room (tasks run before submit() returns).
// Two mistakes: rehearse() closes the cue channel right after submitting the
// cue tasks, so workers can send on the closed channel; halftime() submits a
// cue task after closing the channel. perform() waits for the pool to go idle
// before closing, and tune_up() uses the inline runner, so both are correct.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace drill {

class CueChannel {
 public:
  explicit CueChannel(int fd) : fd_(fd) {}
  void send(const std::string& cue) {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) throw std::runtime_error("cue channel closed");
    ::write(fd_, cue.data(), cue.size());
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  std::mutex mu_;
  int fd_;
};

class BandPool {
 public:
  explicit BandPool(int workers) {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  ~BandPool() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (auto& t : threads_) t.join();
  }

  void submit(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
  }

  void wait_idle() {
    std::unique_lock<std::mutex> lk(mu_);
    idle_.wait(lk, [this] { return tasks_.empty() && running_ == 0; });
  }

 private:
  void work() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;
      auto task = std::move(tasks_.front());
      tasks_.pop_front();
      ++running_;
      lk.unlock();
      try {
        task();
      } catch (const std::exception&) {
      }
      lk.lock();
      --running_;
      if (tasks_.empty() && running_ == 0) idle_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  int running_ = 0;
  bool stopping_ = false;
};

class InlineRunner {
 public:
  void submit(const std::function<void()>& task) { task(); }
};

void rehearse(BandPool& pool, CueChannel& cues, const std::vector<std::string>& sets) {
  for (const std::string& s : sets) {
    pool.submit([&cues, s] { cues.send("SET " + s + "\n"); });  // BUG: use-after-close #rehearse
  }
  cues.close();  // SAME: rehearse
}

void perform(BandPool& pool, CueChannel& cues, const std::vector<std::string>& sets) {
  for (const std::string& s : sets) {
    pool.submit([&cues, s] { cues.send("PLAY " + s + "\n"); });  // OK: wait_idle() below runs before the close
  }
  pool.wait_idle();
  cues.close();
}

void tune_up(InlineRunner& runner, CueChannel& cues) {
  runner.submit([&cues] { cues.send("TUNE Bb\n"); });  // OK: InlineRunner runs the task before submit() returns
  runner.submit([&cues] { cues.send("TUNE Eb\n"); });  // OK: same
  cues.close();
}

void halftime(BandPool& pool, CueChannel& cues) {
  cues.send("HALT\n");
  cues.close();
  pool.submit([&cues] { cues.send("FORM T\n"); });  // BUG: use-after-close
  pool.wait_idle();
}

}  // namespace drill
