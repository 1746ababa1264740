// Command pattern for operator actions: the console queues commands from its
// session threads, the control loop executes them, undoAll() rolls back the
// executed ones newest first.
#pragma once
#include "status.h"
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class Command {
 public:
  virtual ~Command();
  virtual Status execute() = 0;
  virtual void undo() = 0;
  virtual std::string name() const = 0;
};

class CommandQueue {
 public:
  void enqueue(std::unique_ptr<Command> cmd);   // any thread
  std::size_t runPending();                      // control thread
  void undoAll();                                // control thread
  std::size_t pendingCount() const;

 private:
  mutable std::mutex mu_;
  std::deque<std::unique_ptr<Command>> pending_;
  std::vector<std::unique_ptr<Command>> history_;
};
