// Two log shippers whose worker thread appends to a FILE* while an atomic
// `running_` flag is set; there is no mutex. LogShipper::stop() clears the
// flag and fcloses the stream before it joins the worker: a write that has
// already passed the flag test runs on the closed stream (bug: the fputs in
// the thread; the fclose in stop() is its same-marked line). OrderlyShipper::stop()
// clears the flag, joins the worker and only then closes the stream, so no
// write can overlap the close (quiet lines).
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

class LogShipper {
public:
  explicit LogShipper(std::FILE *out) : out_(out) {}

  void start() {
    running_.store(true);
    worker_ = std::thread([this] {
      while (running_.load(std::memory_order_acquire)) {
        std::fputs("shipper: tick\n", out_); // BUG: use-after-close #ship
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
  }

  void stop() {
    running_.store(false, std::memory_order_release);
    std::fclose(out_); // SAME: ship
    if (worker_.joinable())
      worker_.join();
  }

private:
  std::FILE *out_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

class OrderlyShipper {
public:
  explicit OrderlyShipper(std::FILE *out) : out_(out) {}

  void start() {
    running_.store(true);
    worker_ = std::thread([this] {
      while (running_.load(std::memory_order_acquire)) {
        std::fputs("orderly: tick\n", out_); // OK: stop() joins before it closes
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
  }

  void stop() {
    running_.store(false, std::memory_order_release);
    if (worker_.joinable())
      worker_.join();
    std::fclose(out_); // OK: the worker has exited
  }

private:
  std::FILE *out_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

int main() {
  if (std::FILE *a = std::fopen("shipper-a.log", "a")) {
    LogShipper shipper(a);
    shipper.start();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    shipper.stop();
  }
  if (std::FILE *b = std::fopen("shipper-b.log", "a")) {
    OrderlyShipper shipper(b);
    shipper.start();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    shipper.stop();
  }
  return 0;
}
