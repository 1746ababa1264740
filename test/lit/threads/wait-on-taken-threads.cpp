// A pool whose wait() first takes its threads out of the member under its
// lock (`started.swap(threads_)`, `std::swap`, `auto started =
// std::move(threads_)`) and then joins them waits for every task all the
// same: closing after wait() races with nothing. Without a wait the close
// races with the tasks.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class GaugeSink {
public:
  void send(const std::string &) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("gauge sink closed");
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }

private:
  std::mutex mu_;
  bool closed_ = false;
};

class SwapRunner {
public:
  void post(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mu_);
    tasks_.push_back(std::make_shared<std::function<void()>>(std::move(task)));
    auto t = tasks_.back();
    threads_.emplace_back([t] { (*t)(); });
  }
  void wait() {
    std::vector<std::thread> started;
    {
      std::lock_guard<std::mutex> lock(mu_);
      started.swap(threads_);
    }
    for (auto &th : started)
      th.join();
  }

private:
  std::mutex mu_;
  std::vector<std::shared_ptr<std::function<void()>>> tasks_;
  std::vector<std::thread> threads_;
};

class MoveRunner {
public:
  void post(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mu_);
    tasks_.push_back(std::make_shared<std::function<void()>>(std::move(task)));
    auto t = tasks_.back();
    threads_.emplace_back([t] { (*t)(); });
  }
  void drain() {
    std::unique_lock<std::mutex> lock(mu_);
    auto started = std::move(threads_);
    lock.unlock();
    for (auto &th : started)
      th.join();
  }

private:
  std::mutex mu_;
  std::vector<std::shared_ptr<std::function<void()>>> tasks_;
  std::vector<std::thread> threads_;
};

void waitedSwap(SwapRunner &R, std::shared_ptr<GaugeSink> Sink) {
  R.post([Sink] { Sink->send("cpu 0.5"); });
  R.wait();
  Sink->close();
}

void waitedMove(MoveRunner &R, std::shared_ptr<GaugeSink> Sink) {
  R.post([Sink] { Sink->send("cpu 0.5"); });
  R.drain();
  Sink->close();
}

void notWaited(SwapRunner &R, std::shared_ptr<GaugeSink> Sink) {
  R.post([Sink] { Sink->send("cpu 0.5"); });
  Sink->close();
  // CHECK: :[[@LINE-1]]:9: warning: 'Sink' is closed while an executor task that uses it may still be running [errlint-close-while-in-use]
}
