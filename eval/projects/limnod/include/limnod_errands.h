// One background thread running posted jobs in order (archive writes, uploads).
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

class LimnoErrands {
public:
  LimnoErrands();
  ~LimnoErrands();
  void post(std::function<void()> job);
  /// Blocks until every job posted so far has run.
  void drain();
  /// Drains, then joins the worker. Jobs posted afterwards are dropped.
  void stop();

private:
  void loop();
  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  bool busy_ = false;
  std::thread worker_;
};
