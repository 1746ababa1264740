// ChoreQueue / ChoreWorker: background chores (log compression, report
// formatting) run one at a time on a worker thread.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

class ChoreQueue {
public:
  using Chore = std::function<void()>;
  /// Queues a chore; throws std::runtime_error once the queue is closed.
  void push(Chore chore);
  /// Blocks for the next chore; empty once closed and drained.
  std::optional<Chore> pop();
  /// Marks the chore handed out by pop() as finished.
  void done();
  /// Blocks until nothing is queued and nothing is running.
  void waitIdle();
  void close();
  bool closed() const;

private:
  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::condition_variable idle_;
  std::deque<Chore> chores_;
  int running_ = 0;
  bool closed_ = false;
};

class ChoreWorker {
public:
  explicit ChoreWorker(ChoreQueue &queue);
  /// Closes the queue, lets queued chores finish and joins the thread.
  ~ChoreWorker();
  ChoreWorker(const ChoreWorker &) = delete;
  ChoreWorker &operator=(const ChoreWorker &) = delete;

private:
  void run();
  ChoreQueue &queue_;
  std::thread thread_;
};
