// Stagehand: a single worker thread running posted jobs in order. post()
// throws once the stagehand is closed; close() lets queued jobs finish.
#pragma once
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

class Stagehand {
public:
  explicit Stagehand(std::string name);
  ~Stagehand();
  Stagehand(const Stagehand &) = delete;
  Stagehand &operator=(const Stagehand &) = delete;

  void post(std::function<void()> job);
  /// Waits until every posted job has run.
  void drain();
  /// As drain(), giving up after timeout; false if jobs are still pending.
  bool drainFor(std::chrono::milliseconds timeout);
  void close();
  bool closed() const;

private:
  void run();

  std::string name_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> jobs_;
  bool busy_ = false;
  bool closed_ = false;
  std::thread worker_;
};
