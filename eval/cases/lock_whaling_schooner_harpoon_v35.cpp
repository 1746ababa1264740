// Restored whaling schooner: the deck crew append watch entries to the ship's logbook
// file from several threads; a writer thread drains them into the FILE*. Every access
// to file_ happens with mu_ held after checking closed_, and close() sets closed_ under
// mu_, joins the writer (which drains what is left) and only then fcloses the file,
// again under mu_. mark_position() takes an unlocked fast path on an atomic but checks
// closed_ again under the lock before writing. A second close() (the destructor)
// returns at the closed_ check. Correct code, including the deck thread that keeps
// appending while the mate closes the book.
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class Logbook {
 public:
  explicit Logbook(const char* path) : file_(std::fopen(path, "a")) {
    if (!file_) throw std::runtime_error("cannot open logbook");
    writer_ = std::thread([this] { run(); });
  }
  ~Logbook() { close(); }
  Logbook(const Logbook&) = delete;
  Logbook& operator=(const Logbook&) = delete;

  // Returns false once the book is closed.
  bool append(std::string line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return false;
    pending_.push_back(std::move(line));
    cv_.notify_one();
    return true;
  }

  void flush_now() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    std::fflush(file_);  // OK: closed_ is false under mu_, so close() has not reached fclose
  }

  void mark_position(const std::string& lat_lon) {
    if (closed_fast_.load(std::memory_order_acquire)) return;
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) return;
    std::fprintf(file_, "position %s\n", lat_lon.c_str());  // OK: re-checked under mu_
  }

  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_) return;
      closed_ = true;
      closed_fast_.store(true, std::memory_order_release);
    }
    cv_.notify_all();
    writer_.join();
    std::lock_guard<std::mutex> lk(mu_);
    std::fclose(file_);  // OK: only the first close() gets past the closed_ check
  }

 private:
  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return closed_ || !pending_.empty(); });
      while (!pending_.empty()) {
        std::fputs(pending_.front().c_str(), file_);  // OK: fclose waits for this thread to be joined
        pending_.pop_front();
      }
      if (closed_) return;
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> pending_;
  FILE* file_;
  std::thread writer_;
  bool closed_ = false;
  std::atomic<bool> closed_fast_{false};
};

void dog_watch(const char* path) {
  Logbook book(path);
  std::thread deck([&book] {
    for (int bell = 1; bell <= 8; ++bell) {
      if (!book.append("bell " + std::to_string(bell) + ": all well\n")) break;
      book.flush_now();  // OK: returns once the book is closed
      book.mark_position("41.5N 70.9W");  // OK: checks under the lock
    }
  });
  book.append("mate: closing the log for the dog watch\n");
  book.close();
  deck.join();
}
