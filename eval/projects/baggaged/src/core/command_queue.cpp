// CommandQueue: operator commands queued from console threads, executed and
// undone on the control thread.
#include "command.h"

Command::~Command() = default;

void CommandQueue::enqueue(std::unique_ptr<Command> cmd) {
  if (!cmd) return;
  std::lock_guard<std::mutex> lock(mu_);
  pending_.push_back(std::move(cmd));
}

std::size_t CommandQueue::runPending() {
  std::deque<std::unique_ptr<Command>> batch;
  {
    std::lock_guard<std::mutex> lock(mu_);
    batch.swap(pending_);
  }
  std::size_t done = 0;
  for (auto& cmd : batch) {
    Status st = cmd->execute();
    if (!st.ok()) continue;
    ++done;
    history_.push_back(std::move(cmd));
  }
  return done;
}

void CommandQueue::undoAll() {
  while (!history_.empty()) {
    std::unique_ptr<Command> cmd = std::move(history_.back());
    history_.pop_back();
    cmd->undo();
  }
}

std::size_t CommandQueue::pendingCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return pending_.size();
}
