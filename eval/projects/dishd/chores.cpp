// ChoreQueue and its worker. push() refuses chores once the queue is closed;
// the worker's destructor closes the queue, lets what is queued run, and
// joins the thread.
#include "chores.h"

#include <stdexcept>
#include <utility>

void ChoreQueue::push(Chore chore) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("chore queue closed, cannot queue a chore");
    chores_.push_back(std::move(chore));
  }
  ready_.notify_one();
}

std::optional<ChoreQueue::Chore> ChoreQueue::pop() {
  std::unique_lock<std::mutex> lock(mu_);
  ready_.wait(lock, [this] { return closed_ || !chores_.empty(); });
  if (chores_.empty())
    return std::nullopt;
  Chore chore = std::move(chores_.front());
  chores_.pop_front();
  ++running_;
  return chore;
}

void ChoreQueue::done() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    --running_;
  }
  idle_.notify_all();
}

void ChoreQueue::waitIdle() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return chores_.empty() && running_ == 0; });
}

void ChoreQueue::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }
  ready_.notify_all();
}

bool ChoreQueue::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

ChoreWorker::ChoreWorker(ChoreQueue &queue)
    : queue_(queue), thread_([this] { run(); }) {}

ChoreWorker::~ChoreWorker() {
  queue_.close();
  if (thread_.joinable())
    thread_.join();
}

void ChoreWorker::run() {
  while (std::optional<ChoreQueue::Chore> chore = queue_.pop()) {
    try {
      (*chore)();
    } catch (const std::exception &) {
      // A failed chore must not take the worker down; chores log their own.
    }
    queue_.done();
  }
}
